import Dispatch
import IntermissionAds
import IntermissionBasics
import IntermissionCore

#if canImport(Glibc)
  import Glibc
#endif

/// Delivers beacons from the durable `BeaconStore`: the overlay records each event here before its
/// trace line, and each update of the overlay drives delivery.
///
/// - Beacons go out oldest first, in batches, as HTTP GETs on a worker thread. The manifest's own
///   tracking URLs get `nonce=<UUID>` (fresh per event, the same across retries) and
///   `ts=<Unix seconds>` appended; a buyer's URLs (OpenRTB notices and trackers, VAST trackers) go
///   exactly as they read (`Beacon.Kind.carriesNonce`). Every row keeps its nonce in the queue,
///   which sends it until one 2xx, either way.
/// - A row leaves the queue only after a 2xx. After a failure, delivery waits, doubling from 1 s up
///   to 5 minutes with jitter. Expired rows are dropped before each batch.
/// - The database is opened at creation if it exists (what an earlier run left is delivered now),
///   else made on a worker at the overlay's first update (`prepareToRecord()`), so that no beacon
///   makes it in a frame (a fixed-step run makes it at its first beacon).
/// - Commits wait for no disk (WAL with `synchronous=NORMAL` survives a kill); the worker syncs the
///   file before each batch, and holds the batch back when it cannot, so nothing is billed that a
///   power cut could take back. A revenue event without beacons (nothing billed) reaches the disk
///   with the next batch or SQLite's next checkpoint: a sync right after its commit, in the show's
///   first frames, cost frames of row 15 (BENCHMARKS.md).
/// - Nothing is lost to the file (`BeaconBacklog`): a beacon that cannot be recorded durably (a
///   full disk) is kept and delivered from memory, and a damaged queue is moved aside and started
///   afresh; each is told once through `warn`.
/// - With `waitsForAttempts` (fixed-step runs), an update waits for the batch it started, so the
///   outcomes land in the same frame every run.
///
/// The worker thread touches only the batch's results, under a lock; everything else belongs to the
/// loop's thread.
package final class BeaconQueue: BeaconDelivery, @unchecked Sendable {
  /// Beacons sent in one batch at most.
  package static let batchSize = 20
  /// The wait after the first failure, in seconds; it doubles with each failure in a row.
  package static let firstRetryDelay = 1.0
  /// The largest response body read from a beacon's server.
  package static let maximumResponseBytes = 64 << 10

  /// Where the queue lives.
  package let path: String
  private let client: HTTPClient
  private let clock: () -> Double
  private let waitsForAttempts: Bool
  private let onFinish: @Sendable () -> Void
  private let isInterrupted: @Sendable () -> Bool
  let backlog: BeaconBacklog
  private var inFlightGeneration = 0
  private var backoff: RetryBackoff
  private var failures = 0
  private var nextAttempt: Double?
  private var lastHostTime = 0.0
  private var unreported: [BeaconOutcome] = []
  private var inFlight: [BeaconStore.Row]?
  private let worker = DispatchQueue(label: "intermission.beacons")
  /// How many batches the worker sent after syncing the queue's file to the disk (for tests).
  package let syncedBatches = Locked(0)
  /// How many times the worker synced commits a second after them, with no batch (for tests).
  package let loneSyncs = Locked(0)
  /// How long a commit waits for a sync of its own, in seconds.
  static let loneSyncDelay = 1.0
  /// Whether a sync of its own is scheduled on the worker, and whether the last one failed.
  private let loneSync = Locked((isScheduled: false, hasFailed: false))
  /// Whether a sync failed: the next batch waits for a full checkpoint (`BeaconStore.checkpoint()`),
  /// since a later sync of the same file could succeed over data that never reached the disk.
  private var needsCheckpoint = false
  /// How many checkpoints a failed sync called for and got (for tests).
  package private(set) var recoveryCheckpoints = 0
  private let condition = Condition()
  private var results: [Attempt]?

  /// The outcome of sending one row.
  private enum Attempt: Sendable {
    case sent(status: Int)
    case failed(reason: String)
    /// Not sent: the queue's file could not be made durable first (the next batch checkpoints).
    case unsynced(reason: String)
  }

  /// Creates the queue.
  /// - Parameters:
  ///   - path: the SQLite file (`--beacons`).
  ///   - client: sends the beacons.
  ///   - clock: Unix seconds now, for a beacon's record time and its expiry (a fixed-step run passes
  ///     its launch time plus host time). `ts` is always the time of day of the attempt.
  ///   - waitsForAttempts: wait for each batch within the update that started it (fixed step).
  ///   - backoff: the jitter of the waits after failures.
  ///   - createsFolders: create the file's missing folders when the file is made (the default
  ///     location under `$XDG_DATA_HOME`).
  ///   - capacity: the most rows kept; beyond it the oldest are dropped (traced as `overflow`).
  ///   - isInterrupted: polled while an update waits for a batch; true cancels the client's transfers
  ///     and ends the wait (a stop signal): the batch's rows stay queued.
  ///   - onFinish: called from the worker when a batch ends, so that a host that sleeps can wake.
  ///   - warn: told once, naming the file and the reason, when beacons must be kept in memory (the
  ///     queue cannot be written), and each time a damaged queue is moved aside.
  package init(
    path: String, client: HTTPClient, clock: @escaping () -> Double, waitsForAttempts: Bool,
    backoff: RetryBackoff = RetryBackoff(), createsFolders: Bool = false, capacity: Int = BeaconStore.capacity,
    isInterrupted: @escaping @Sendable () -> Bool = { false }, onFinish: @escaping @Sendable () -> Void = {},
    warn: @escaping (String) -> Void = { _ in }
  ) {
    self.path = path
    self.isInterrupted = isInterrupted
    self.client = client
    self.clock = clock
    self.waitsForAttempts = waitsForAttempts
    self.backoff = backoff
    self.onFinish = onFinish
    unreported.reserveCapacity(16)
    backlog = BeaconBacklog(
      path: path, createsFolders: createsFolders, capacity: capacity, clock: clock, warn: warn)
    if backlog.hasStore { nextAttempt = 0 }
  }

  /// Waits until the queue's file, if it is being made ahead (`prepareToRecord()`), is open, and
  /// until the worker has finished the batch it is sending, if any: transfers end by their
  /// timeouts, or at once after `HTTPClient.cancelAll()`.
  package func waitForWorker() {
    backlog.takeOpenedStore(waiting: true)
    worker.sync {}
  }

  /// How many times the queue's file was made (or opened) on a worker ahead of its first beacon,
  /// and taken by the loop (for tests).
  package var storesOpenedAhead: Int { backlog.storesOpenedAhead }

  /// The queue's rows now, in the file and in memory (for tests and tools).
  package func queuedCount() -> Int { backlog.count() }

  // MARK: - BeaconDelivery

  /// Records `beacon` durably, or in memory when the queue cannot be written: it never fails.
  package func record(_ beacon: Beacon) {
    try? record([beacon], with: nil)
  }

  /// Records `beacons` and `revenue`, the event of the impression they report, in one transaction
  /// (`ImpressionLedger`); the beacons are kept in memory when the queue cannot be written.
  /// - Throws: why the queue could not be written, when `revenue` was not recorded.
  package func record(_ beacons: [Beacon], with revenue: AdRevenue?) throws {
    let now = clock()
    let rows = beacons.map { beacon in
      BeaconStore.Row(
        id: 0, kind: beacon.kind, adID: beacon.adID, url: beacon.url, nonce: BeaconQueue.makeNonce(), created: now,
        expires: now + beacon.lifetime, attempts: 0)
    }
    let (dropped, failure) = backlog.add(rows, revenue: revenue)
    if failure == nil, backlog.hasStore, !rows.isEmpty || revenue != nil { scheduleLoneSync() }
    for row in dropped {
      unreported.append(
        .dropped(row.kind, adID: row.adID, reason: "overflow", durable: row.isDurable, nonce: row.nonce))
    }
    if !rows.isEmpty, nextAttempt == nil { nextAttempt = lastHostTime }
    if let failure, revenue != nil { throw failure }
  }

  /// Opens (makes) the queue's file on a worker, so that the first beacon's transaction does not
  /// make it on the loop (the overlay calls it at its first update). A fixed-step run makes it at
  /// its first beacon, as it always did.
  package func prepareToRecord() {
    if !waitsForAttempts { backlog.openAhead() }
  }

  package func update(at hostTime: Double, report: (BeaconOutcome) -> Void) {
    lastHostTime = hostTime
    backlog.takeOpenedStore(waiting: false)
    if !unreported.isEmpty {
      for outcome in unreported { report(outcome) }
      unreported.removeAll(keepingCapacity: true)
    }
    if inFlight != nil {
      guard let finished = waitsForAttempts ? waitForResults() : takeResults() else { return }
      apply(finished, at: hostTime, report: report)
    }
    if loneSync.withLock({ $0.hasFailed }) {
      // As after a batch's failed sync: Linux reported the lost write-back to that sync only, so no
      // later sync is trusted until a checkpoint has written the data again.
      needsCheckpoint = true
      scheduleLoneSync()
    }
    // While ad traffic waits for the player's consent, beacons stay queued, unattempted.
    guard let due = nextAttempt, hostTime >= due, client.gate.isOpen else { return }
    for row in backlog.removeExpired(at: clock()) {
      report(.dropped(row.kind, adID: row.adID, reason: "expired", durable: row.isDurable, nonce: row.nonce))
    }
    let rows = backlog.oldest(limit: BeaconQueue.batchSize)
    guard !rows.isEmpty else {
      nextAttempt = nil
      return
    }
    inFlightGeneration = backlog.generation
    if needsCheckpoint {
      // On the loop, in this rare case only: after a failed sync, a checkpoint (milliseconds, or up
      // to SQLite's 2 s busy wait while another connection writes) before anything more is billed.
      if let failure = backlog.checkpoint() {
        inFlight = rows
        let reason = BeaconQueue.unsyncedReason + failure
        apply(rows.map { _ in .unsynced(reason: reason) }, at: hostTime, report: report)
        return
      }
      needsCheckpoint = false
      recoveryCheckpoints += 1
    }
    send(rows)
    if waitsForAttempts, let finished = waitForResults() { apply(finished, at: hostTime, report: report) }
  }

  package var nextWakeTime: Double? { inFlight == nil && client.gate.isOpen ? nextAttempt : nil }

  /// Syncs what was committed on the worker `loneSyncDelay` after the commit, whether or not a
  /// batch syncs it first (delivery may wait to retry, the collector be down, the player offline,
  /// or an event have no beacons), so that a power cut cannot take back an impression the game was
  /// told of for longer than that. Scheduled in the frame of the commit, which allocates anyway
  /// (the frames after it allocate nothing), and never run at once: a sync beside a show's first
  /// frames cost them their budget (BENCHMARKS.md, row 15). One is scheduled at a time; commits
  /// made before it runs are synced by it.
  private func scheduleLoneSync() {
    guard let wal = backlog.walPath else { return }
    let isNew = loneSync.withLock { state in
      defer { state = (isScheduled: true, hasFailed: false) }
      return !state.isScheduled
    }
    guard isNew else { return }
    let (state, synced) = (loneSync, loneSyncs)
    worker.asyncAfter(deadline: .now() + BeaconQueue.loneSyncDelay) {
      state.withLock { $0.isScheduled = false }
      if BeaconStore.syncToDisk(wal: wal) == nil {
        synced.withLock { $0 += 1 }
      } else {
        state.withLock { $0.hasFailed = true }  // the next batch checkpoints first; synced again
      }
    }
  }

  // MARK: - Sending

  /// Sends `rows` in order on the worker, stopping at the first failure.
  private func send(_ rows: [BeaconStore.Row]) {
    inFlight = rows
    let timestamp = Int(WallClock.now())
    let client = client
    let urls = rows.map { BeaconQueue.deliveryURL($0.url, kind: $0.kind, nonce: $0.nonce, timestamp: timestamp) }
    let onFinish = onFinish
    let wal = backlog.walPath
    let syncedBatches = syncedBatches
    // The worker keeps the queue alive until its batch ends; rows it could not report stay queued
    // and go out at the next launch.
    worker.async { [self, condition] in
      // The loop commits without waiting for the disk (a kill loses nothing); before anything is
      // billed, what it committed is made to survive a power cut too. A file that cannot be synced
      // holds the batch back: it fails, and is retried as any failure is.
      var attempts: [Attempt] = []
      var sending = urls
      if let wal {
        if let failure = BeaconStore.syncToDisk(wal: wal) {
          attempts.append(.unsynced(reason: BeaconQueue.unsyncedReason + failure))
          sending = []
        } else {
          syncedBatches.withLock { $0 += 1 }
        }
      }
      for url in sending {
        switch client.get(url, maximumBytes: BeaconQueue.maximumResponseBytes, redirects: .anyWebURL) {
        case .success(let response) where response.isSuccess:
          attempts.append(.sent(status: response.status))
          continue
        case .success(let response):
          attempts.append(.failed(reason: "HTTP \(response.status)"))
        case .failure(let failure):
          attempts.append(.failed(reason: failure.description))
        }
        break
      }
      condition.withLock {
        self.results = attempts
        condition.broadcast()
      }
      onFinish()
    }
  }

  private func takeResults() -> [Attempt]? {
    condition.withLock {
      defer { results = nil }
      return results
    }
  }

  private func waitForResults() -> [Attempt]? {
    condition.lock()
    defer { condition.unlock() }
    // The worker always finishes (every transfer has its total timeout), sooner once cancelled.
    while results == nil {
      if isInterrupted() {
        client.cancelAll()
        return nil
      }
      condition.wait(seconds: 0.05)
    }
    defer { results = nil }
    return results
  }

  /// Removes what was acknowledged, counts the failure, and schedules the next batch.
  private func apply(_ attempts: [Attempt], at hostTime: Double, report: (BeaconOutcome) -> Void) {
    let rows = inFlight ?? []
    inFlight = nil
    var failed = false
    for (row, attempt) in zip(rows, attempts) {
      switch attempt {
      case .sent(let status):
        backlog.remove(row, generation: inFlightGeneration)
        report(.sent(row.kind, adID: row.adID, status: status, durable: row.isDurable, nonce: row.nonce))
      case .failed(let reason), .unsynced(let reason):
        if case .unsynced = attempt { needsCheckpoint = true }
        let count = backlog.recordFailure(of: row, generation: inFlightGeneration)
        report(
          .failed(
            row.kind, adID: row.adID, reason: reason, attempts: count, durable: row.isDurable, nonce: row.nonce))
        failed = true
      }
    }
    if failed {
      scheduleRetry(at: hostTime)
    } else {
      failures = 0
      nextAttempt = hostTime  // the next batch, if any, at the next update
    }
  }

  /// The start of a batch's failure when the queue's file could not be made durable.
  static let unsyncedReason = "the queue could not be synced to the disk: "

  private func scheduleRetry(at hostTime: Double) {
    failures += 1
    nextAttempt = hostTime + backoff.delay(afterFailures: failures, base: BeaconQueue.firstRetryDelay)
  }

  // MARK: - URLs and nonces

  /// What a beacon of `kind` requests: `url` with `nonce` and `ts` appended to its query (before any
  /// fragment) when the kind `carriesNonce`, else `url` exactly as it reads.
  package static func deliveryURL(_ url: String, kind: Beacon.Kind, nonce: String, timestamp: Int) -> String {
    kind.carriesNonce ? Beacon.appendingQuery("nonce=\(nonce)&ts=\(timestamp)", to: url) : url
  }

  /// A random (version 4) UUID, in lower case.
  package static func makeNonce() -> String { RandomUUID.make() }

}
