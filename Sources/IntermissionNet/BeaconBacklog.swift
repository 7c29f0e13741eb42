import IntermissionAds
import IntermissionBasics
import IntermissionCore

#if canImport(Glibc)
  import Glibc
#endif

/// The beacons not yet acknowledged: in the durable `BeaconStore` while it can be written, and in
/// memory while it cannot, so that no report is lost to a full disk or a broken file.
///
/// - A beacon that cannot be recorded durably (a full disk, a folder that cannot be written) is
///   kept in memory with its nonce, and sent and retried like any other for as long as the process
///   lives; its rows have `isDurable` false. Recording is tried again for every later beacon, and
///   the store is used again as soon as it can be written.
/// - A store that is damaged or not a beacon queue (`SQLITE_CORRUPT`, `SQLITE_NOTADB`, a foreign
///   schema), found when it is opened or while it runs, is moved aside to
///   `PATH.corrupt-<UTC timestamp>` and a fresh one starts.
/// - Each of these is told once through `warn`, naming the file and the reason.
///
/// Used from one thread (the loop's).
final class BeaconBacklog {
  /// The database file.
  let path: String
  private let createsFolders: Bool
  private let capacity: Int
  private let clock: () -> Double
  private let warn: (String) -> Void
  private var store: BeaconStore?
  /// The store being opened on a worker (`openAhead()`), until the loop takes it.
  private var opening: BeaconStoreOpening?
  /// How many stores a worker opened ahead and the loop took (for tests).
  private(set) var storesOpenedAhead = 0
  private var memory: [BeaconStore.Row] = []
  private var nextMemoryID = -1
  private var hasWarnedUnwritable = false
  /// Counts the stores opened: a row read from an earlier one (since moved aside) has no key in
  /// the current one.
  private(set) var generation = 0

  /// Creates the backlog; an existing file at `path` is opened now (a damaged one is moved aside),
  /// a missing one made on a worker by `openAhead()`, or else when the first beacon is recorded.
  init(
    path: String, createsFolders: Bool, capacity: Int, clock: @escaping () -> Double,
    warn: @escaping (String) -> Void
  ) {
    self.path = path
    self.createsFolders = createsFolders
    self.capacity = capacity
    self.clock = clock
    self.warn = warn
    if access(path, F_OK) == 0 { _ = openStore() }
  }

  /// Whether the store is open: the file existed at launch, or a beacon or `openAhead()` made it.
  var hasStore: Bool { store != nil }

  /// Checkpoints the open store (`BeaconStore.checkpoint()`); nil once done or with no store, else
  /// why not.
  func checkpoint() -> String? {
    guard let store else { return nil }
    do {
      try store.checkpoint()
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// The open store's WAL file (`BeaconStore.walPath`); nil while no store is open.
  var walPath: String? { store?.walPath }

  /// Starts opening the store on a worker, when it is not open: a beacon is coming (an ad is there
  /// to be counted), and the file is made off the loop rather than in the frame of that beacon.
  func openAhead() {
    guard store == nil, opening == nil else { return }
    opening = BeaconStoreOpening(path: path, createsFolders: createsFolders, now: clock())
  }

  /// Takes the store a worker opened ahead: at each update once it has finished, or, `waiting`, as
  /// soon as it has (a beacon that came first; a quit, after which nothing of the backlog runs on).
  func takeOpenedStore(waiting: Bool) {
    guard let outcome = opening?.take(waiting: waiting) else { return }
    adopt(outcome)
  }

  /// How many rows wait, in the store and in memory.
  func count() -> Int { (perform { try $0.count() } ?? 0) + memory.count }

  /// Records `row` (its key is ignored): durably if the store can be written, else in memory.
  /// - Returns: the rows dropped to keep within the capacity.
  func add(_ row: BeaconStore.Row) -> [BeaconStore.Row] {
    add([row], revenue: nil).dropped
  }

  /// Records `rows` (their keys are ignored) and `revenue`, the event of the impression they
  /// report, in one transaction when the store can be written; when it cannot, the rows are kept in
  /// memory.
  /// - Returns: the rows dropped to keep within the capacity, and why the store could not be
  ///   written, if it could not (`revenue` is then not recorded).
  func add(_ rows: [BeaconStore.Row], revenue: AdRevenue?) -> (dropped: [BeaconStore.Row], failure: (any Error)?) {
    do {
      return (try performThrowing(opening: true) { try $0.add(rows, revenue: revenue, capacity: capacity) }, nil)
    } catch {
      return (rows.flatMap(keepInMemory), error)
    }
  }

  /// The revenue events recorded and not yet handed over, oldest first; none without a store.
  func pendingRevenue() throws -> [AdRevenue] {
    try store == nil ? [] : performThrowing { try $0.revenues.pending() }
  }

  /// The revenue event `eventID` was handed over: it leaves the store.
  func removeRevenue(eventID: String) throws {
    if store != nil { try performThrowing { try $0.revenues.remove(eventID: eventID) } }
  }

  /// Keeps `row` in memory.
  /// - Returns: the rows dropped to keep within the capacity.
  private func keepInMemory(_ row: BeaconStore.Row) -> [BeaconStore.Row] {
    var kept = row
    kept.id = nextMemoryID
    kept.isDurable = false
    nextMemoryID -= 1
    memory.append(kept)
    let overflow = memory.count - capacity
    guard overflow > 0 else { return [] }
    let dropped = Array(memory.prefix(overflow))
    memory.removeFirst(overflow)
    return dropped
  }

  /// Removes and returns the rows expired at `now`.
  func removeExpired(at now: Double) -> [BeaconStore.Row] {
    let stored = perform { try $0.removeExpired(at: now) } ?? []
    let expired = memory.filter { $0.expires <= now }
    memory.removeAll { $0.expires <= now }
    return stored + expired
  }

  /// The oldest `limit` rows, stored and in memory, by the time they were recorded (the file's
  /// first among rows of the same time; the sort is stable).
  func oldest(limit: Int) -> [BeaconStore.Row] {
    let stored = perform { try $0.oldest(limit: limit) } ?? []
    let rows = stored + memory.prefix(limit)
    return Array(rows.sorted { $0.created < $1.created }.prefix(limit))
  }

  /// Removes `row`, read in store `generation`: its beacon was acknowledged.
  func remove(_ row: BeaconStore.Row, generation: Int) {
    if !row.isDurable {
      memory.removeAll { $0.id == row.id }
    } else if generation == self.generation {
      _ = perform { try $0.remove(id: row.id) }
    }
  }

  /// Counts a failed attempt of `row`, read in store `generation`. A row of a store since moved
  /// aside is recorded again, in the new store or in memory.
  /// - Returns: its failed attempts so far.
  func recordFailure(of row: BeaconStore.Row, generation: Int) -> Int {
    if !row.isDurable {
      guard let index = memory.firstIndex(where: { $0.id == row.id }) else { return row.attempts + 1 }
      memory[index].attempts += 1
      return memory[index].attempts
    }
    if generation != self.generation {
      var salvaged = row
      salvaged.attempts += 1
      _ = add(salvaged)
      return salvaged.attempts
    }
    return perform { try $0.recordFailure(id: row.id) } ?? row.attempts + 1
  }

  // MARK: - The store

  /// Runs `body` on the store (opened first when `opening` and not open yet). A damaged store is
  /// moved aside and `body` tried once more on a fresh one; any other failure is nil (a failure
  /// to write is told once).
  private func perform<T>(opening: Bool = false, _ body: (BeaconStore) throws -> T) -> T? {
    try? performThrowing(opening: opening, body)
  }

  /// Runs `body` as `perform` does, throwing what failed (a failure to write is told once too).
  private func performThrowing<T>(opening: Bool = false, _ body: (BeaconStore) throws -> T) throws -> T {
    if store == nil && opening { _ = openStore() }
    guard let store else { throw SQLiteDatabase.Failure(description: "beacon queue \(path) is not open") }
    do {
      return try body(store)
    } catch let failure as SQLiteDatabase.Failure where failure.isCorruption {
      recover(from: failure)
      guard let fresh = self.store else { throw failure }
      return try body(fresh)
    } catch {
      warnUnwritable("\(error)")
      throw error
    }
  }

  /// Opens the store at `path`, moving a damaged file aside; one being opened ahead is waited for.
  private func openStore() -> BeaconStore? {
    takeOpenedStore(waiting: true)
    if store != nil { return store }
    do {
      let (opened, recovery) = try BeaconStore.openRecovering(
        path: path, createsFolders: createsFolders, now: clock())
      if let recovery { warn("beacons: \(recovery)") }
      store = opened
      generation += 1
    } catch {
      warnUnwritable("\(error)")
    }
    return store
  }

  /// Takes the store a worker opened ahead. One that failed to open is let go without a word: the
  /// next beacon opens it on the loop, which tells why it could not.
  private func adopt(_ outcome: BeaconStoreOpening.Outcome) {
    opening = nil
    guard case .success(let (opened, recovery)) = outcome else { return }
    if let recovery { warn("beacons: \(recovery)") }
    store = opened
    generation += 1
    storesOpenedAhead += 1
  }

  /// Closes the damaged store, moves it aside and opens a fresh one.
  private func recover(from failure: SQLiteDatabase.Failure) {
    // Moved before the connection closes: closing it deletes the WAL and SHM files.
    do {
      let aside = try BeaconStore.moveAside(path, now: clock())
      warn("beacons: \(failure); moved aside to \(aside), and a fresh queue started")
    } catch {
      store = nil
      warnUnwritable("\(error)")
      return
    }
    store = nil
    _ = openStore()
  }

  private func warnUnwritable(_ reason: String) {
    guard !hasWarnedUnwritable else { return }
    hasWarnedUnwritable = true
    var space = statvfs()
    let isFull = statvfs(FilePath.folder(of: path), &space) == 0 && space.f_bavail == 0
    warn(
      "beacons: cannot record in \(PrintableText.escaping(path, limit: 200)): \(reason)"
        + (isFull ? " (its disk is full)" : "")
        + "; impressions and clicks are kept in memory and still sent while the program runs")
  }
}
