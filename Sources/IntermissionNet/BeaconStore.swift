import IntermissionAds
import IntermissionBasics
import IntermissionCore

#if canImport(Glibc)
  import Glibc
#endif

/// The durable beacon queue: a SQLite database in WAL mode whose rows are beacons not yet
/// acknowledged. A row is written (and committed) before anything else happens to its event, and
/// deleted only after the server answered 2xx: at-least-once delivery, with the row's nonce letting
/// the server count it once. Its `revenues` table (a `RevenueLedger`'s table, `OutboxTable`) is
/// written on the same connection, so that an impression's beacons and its revenue event are one
/// transaction (`add(_:revenue:capacity:)`). In WAL mode with `synchronous=NORMAL`, each commit survives the
/// process being killed at any moment (`kill -9`) without waiting for the disk: beacons and an
/// impression's revenue are written on the game's loop (a click, each VAST tracker, the first frame
/// of a show), where a sync would stall a frame. The sending worker makes the file durable
/// (`syncToDisk(path:)`) before a batch leaves, so nothing is billed that a power cut could take
/// back.
package final class BeaconStore {
  /// One queued beacon.
  package struct Row: Hashable, Sendable {
    /// The row's key: the queue's order.
    package var id: Int
    /// What happened.
    package var kind: Beacon.Kind
    /// The ad it happened to.
    package var adID: String
    /// Where it is reported, without `nonce` and `ts`.
    package var url: String
    /// The event's nonce: a random UUID, the same for every attempt.
    package var nonce: String
    /// When it was recorded, in Unix seconds.
    package var created: Double
    /// When it stops being deliverable, in Unix seconds.
    package var expires: Double
    /// Failed attempts so far.
    package var attempts: Int
    /// Whether the row is in the durable store; false for one kept in memory because the store
    /// could not be written (traced with `"durable": false`).
    package var isDurable = true
  }

  /// The most rows kept: beyond it, the oldest are dropped.
  package static let capacity = 10_000

  /// The database file.
  package let path: String
  private let database: SQLiteDatabase
  /// The queue's WAL file, as SQLite names it (through a link, absolute): what `syncToDisk(wal:)`
  /// syncs. Nil for a queue in memory.
  package let walPath: String?
  private let insert: SQLiteDatabase.Statement
  private let dropOverflow: SQLiteDatabase.Statement
  private let dropExpired: SQLiteDatabase.Statement
  private let selectOldest: SQLiteDatabase.Statement
  private let delete: SQLiteDatabase.Statement
  private let countFailure: SQLiteDatabase.Statement
  /// The revenue events waiting for their handler, in this file, on this connection.
  let revenues: OutboxTable<AdRevenue>

  private static let columns = "id, kind, ad, url, nonce, created, expires, attempts"

  /// Opens the queue at `path`, creating the file and the table if needed. An existing `path`
  /// must be a regular file: a FIFO or a device could block SQLite's first read.
  /// - Parameters:
  ///   - path: the database file.
  ///   - createsFolders: create the file's missing folders (the default location); otherwise a
  ///     missing folder is an error.
  /// - Throws: `SQLiteDatabase.Failure` naming the file and what failed; its `isCorruption` says
  ///   that the file is damaged, not a database, or a database whose `beacons` table is not ours.
  package convenience init(path: String, createsFolders: Bool = false) throws {
    try self.init(path: path, database: BeaconStore.connect(path, createsFolders: createsFolders))
  }

  /// A connection to the file at `path`, which must be a regular file if it exists.
  private static func connect(_ path: String, createsFolders: Bool) throws -> SQLiteDatabase {
    do {
      try RegularFile.check(path)
    } catch .missing {
      if createsFolders { _ = HTTPCache.makeFolders(FilePath.folder(of: path)) }
    } catch {
      throw SQLiteDatabase.Failure(description: "beacon queue \(path): \(error)")
    }
    return try SQLiteDatabase(path: path)
  }

  /// The queue on `database`, the connection to `path`: its table made if needed, then checked.
  private init(path: String, database: SQLiteDatabase) throws {
    self.path = path
    self.database = database
    walPath = database.walPath
    do {
      try database.execute(
        """
        PRAGMA journal_mode=WAL;
        PRAGMA synchronous=NORMAL;
        CREATE TABLE IF NOT EXISTS beacons (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          kind TEXT NOT NULL,
          ad TEXT NOT NULL,
          url TEXT NOT NULL,
          nonce TEXT NOT NULL UNIQUE,
          created REAL NOT NULL,
          expires REAL NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0
        );
        """)
      try BeaconStore.checkIntegrity(of: database)
      let columns = BeaconStore.columns
      insert = try database.prepare(
        "INSERT INTO beacons (kind, ad, url, nonce, created, expires, attempts) VALUES (?, ?, ?, ?, ?, ?, ?)")
      dropOverflow = try database.prepare(
        """
        DELETE FROM beacons WHERE id IN (SELECT id FROM beacons ORDER BY id
          LIMIT max(0, (SELECT count(*) FROM beacons) - ?)) RETURNING \(columns)
        """)
      dropExpired = try database.prepare("DELETE FROM beacons WHERE expires <= ? RETURNING \(columns)")
      selectOldest = try database.prepare("SELECT \(columns) FROM beacons ORDER BY id LIMIT ?")
      delete = try database.prepare("DELETE FROM beacons WHERE id = ?")
      countFailure = try database.prepare("UPDATE beacons SET attempts = attempts + 1 WHERE id = ? RETURNING attempts")
      revenues = try OutboxTable(sharing: database)
    } catch let failure as SQLiteDatabase.Failure {
      throw SQLiteDatabase.Failure(description: "beacon queue \(path): \(failure)", code: failure.code)
    }
  }

  /// Throws a corruption failure unless the database passes SQLite's quick check and its `beacons`
  /// table has exactly the queue's columns (a table of the same name from another program is not ours).
  private static func checkIntegrity(of database: SQLiteDatabase) throws {
    let verdict = try database.prepare("PRAGMA quick_check").rows { $0.text(0) }
    guard verdict == ["ok"] else {
      throw SQLiteDatabase.Failure.corruption(
        "database disk image is malformed (\(verdict.prefix(3).joined(separator: "; ")))")
    }
    let found = try database.prepare("SELECT name FROM pragma_table_info('beacons') ORDER BY cid").rows { $0.text(0) }
    let expected = BeaconStore.columns.split(separator: ",").map { $0.drop(while: { $0 == " " }) }.map(String.init)
    guard found == expected else {
      throw SQLiteDatabase.Failure.corruption(
        "its beacons table is not a beacon queue's (columns \(found.joined(separator: ", ")))")
    }
    // Its revenue events are written with its beacons: a foreign `revenues` table would refuse both.
    let revenues = try database.prepare("SELECT name FROM pragma_table_info('revenues') ORDER BY cid").rows {
      $0.text(0)
    }
    guard revenues.isEmpty || revenues == OutboxTable<AdRevenue>.columnNames else {
      throw SQLiteDatabase.Failure.corruption(
        "its revenues table is not a revenue ledger's (columns \(revenues.joined(separator: ", ")))")
    }
  }

  /// Opens the queue at `path` as `init` does, except that a file that is damaged, not a database,
  /// or not a beacon queue is moved aside (with its `-wal` and `-shm` files) to
  /// `PATH.corrupt-<UTC timestamp>`, and a fresh queue starts in its place.
  /// - Parameters:
  ///   - path: the database file.
  ///   - createsFolders: as for `init`.
  ///   - now: Unix seconds, for the moved file's name.
  /// - Returns: the queue, and what was moved aside and why, if anything was.
  /// - Throws: what `init` throws for any other failure (a folder that cannot be written, ...).
  package static func openRecovering(path: String, createsFolders: Bool = false, now: Double) throws -> (
    store: BeaconStore, recovery: String?
  ) {
    let failure: SQLiteDatabase.Failure
    let aside: String
    do {
      let database = try connect(path, createsFolders: createsFolders)
      do {
        return (try BeaconStore(path: path, database: database), nil)
      } catch let corruption as SQLiteDatabase.Failure where corruption.isCorruption {
        // Moved while the connection is open: closing it would delete the WAL and SHM files.
        aside = try withExtendedLifetime(database) { try moveAside(path, now: now) }
        failure = corruption
      }
    }  // The connection to the moved file is closed by now, before a fresh one opens at `path`.
    let store = try BeaconStore(path: path, createsFolders: createsFolders)
    return (store, "\(failure); moved aside to \(aside), and a fresh queue started")
  }

  /// Adds `beacon` with `nonce`, recorded at `now`, and drops the oldest rows beyond `capacity`,
  /// in one committed transaction.
  /// - Returns: the rows dropped to make room.
  @discardableResult
  package func add(_ beacon: Beacon, nonce: String, at now: Double, capacity: Int = BeaconStore.capacity) throws
    -> [Row]
  {
    try add(
      Row(
        id: 0, kind: beacon.kind, adID: beacon.adID, url: beacon.url, nonce: nonce, created: now,
        expires: now + beacon.lifetime, attempts: 0), capacity: capacity)
  }

  /// Adds `row` (a new key is given; its nonce, times and attempts are kept), and drops the oldest
  /// rows beyond `capacity`, in one committed transaction: a row that was kept in memory, or was
  /// read from a queue that has since been moved aside.
  /// - Returns: the rows dropped to make room.
  @discardableResult
  package func add(_ row: Row, capacity: Int = BeaconStore.capacity) throws -> [Row] {
    try add([row], revenue: nil, capacity: capacity)
  }

  /// Adds `rows` (each given a new key) and `revenue`, the revenue event of the impression they
  /// report, and drops the oldest rows beyond `capacity`, in one committed transaction: a kill at
  /// any moment leaves all of them or none.
  /// - Returns: the rows dropped to make room.
  @discardableResult
  package func add(_ rows: [Row], revenue: AdRevenue?, capacity: Int = BeaconStore.capacity) throws -> [Row] {
    try database.transaction {
      for row in rows {
        try insert.run([
          .text(row.kind.rawValue), .text(row.adID), .text(row.url), .text(row.nonce), .real(row.created),
          .real(row.expires), .integer(row.attempts),
        ])
      }
      if let revenue { try revenues.record(revenue) }
      return try dropOverflow.rows([.integer(capacity)], BeaconStore.row)
    }
  }

  /// Removes the rows expired at `now`.
  /// - Returns: them.
  package func removeExpired(at now: Double) throws -> [Row] {
    try dropExpired.rows([.real(now)], BeaconStore.row)
  }

  /// The oldest `limit` rows, in queue order.
  package func oldest(limit: Int) throws -> [Row] {
    try selectOldest.rows([.integer(limit)], BeaconStore.row)
  }

  /// Removes the row `id`: its beacon was acknowledged.
  package func remove(id: Int) throws { try delete.run([.integer(id)]) }

  /// Counts a failed attempt of row `id`.
  /// - Returns: its failed attempts so far.
  @discardableResult
  package func recordFailure(id: Int) throws -> Int {
    try countFailure.rows([.integer(id)]) { $0.integer(0) }.first ?? 0
  }

  /// Makes every transaction committed to the queue durable, as `synchronous=FULL` would at each
  /// commit: `fsync` of its WAL file `wal` (`walPath`, SQLite's own name for it), which holds every
  /// commit not yet checkpointed (a checkpoint syncs the database file itself, with
  /// `synchronous=NORMAL`), and of its folder (a WAL file just made). It opens files of its own and
  /// touches no connection, so a worker calls it while the loop keeps writing. It never opens the
  /// database file: closing any descriptor of a file drops every POSIX lock the process holds on
  /// it, SQLite's included.
  /// - Returns: nil once synced, else why not. A missing WAL file is a failure: SQLite keeps it
  ///   (truncated at most) for as long as the queue's connection is open.
  package static func syncToDisk(wal: String) -> String? {
    let folder = wal.lastIndex(of: "/").map { String(wal[..<$0]) } ?? "."
    for (file, kind) in [(wal, S_IFREG), (folder.isEmpty ? "/" : folder, S_IFDIR)] {
      // Non-blocking and never through a link: a FIFO or a device put there cannot hold the worker.
      let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
      guard descriptor >= 0 else { return "\(file): \(String(cString: strerror(errno)))" }
      var status = stat()
      var failure: String?
      if fstat(descriptor, &status) != 0 || status.st_mode & S_IFMT != kind {
        failure = "\(file): not a \(kind == S_IFREG ? "regular file" : "folder")"
      } else if fsync(descriptor) != 0 {
        failure = "\(file): \(String(cString: strerror(errno)))"
      }
      if close(descriptor) != 0, failure == nil { failure = "\(file): \(String(cString: strerror(errno)))" }
      if let failure { return failure }
    }
    return nil
  }

  /// Copies every commit from the WAL into the database file and syncs it (a full checkpoint,
  /// `wal_checkpoint(TRUNCATE)`): the way back to a file known to be on the disk after a failed
  /// `syncToDisk(wal:)`. Linux reports a failed write-back to one `fsync` only, and marks the pages
  /// clean, so a later sync of the same WAL could succeed over data that never reached the disk;
  /// the checkpoint writes that data again, from SQLite's pages, and its own sync reports afresh.
  /// - Throws: `SQLiteDatabase.Failure` when the checkpoint fails or another connection kept it
  ///   from completing.
  package func checkpoint() throws {
    let busy = try database.prepare("PRAGMA wal_checkpoint(TRUNCATE)").rows { $0.integer(0) }.first ?? 1
    guard busy == 0 else {
      throw SQLiteDatabase.Failure(description: "beacon queue \(path): the checkpoint could not complete")
    }
  }

  /// The connection's `PRAGMA synchronous` between transactions: 1 (NORMAL).
  package func synchronousLevel() throws -> Int {
    try database.prepare("PRAGMA synchronous").rows { $0.integer(0) }.first ?? -1
  }

  /// How many rows are queued.
  package func count() throws -> Int {
    try database.prepare("SELECT count(*) FROM beacons").rows { $0.integer(0) }.first ?? 0
  }

  private static func row(_ statement: SQLiteDatabase.Statement) -> Row {
    Row(
      id: statement.integer(0), kind: Beacon.Kind(rawValue: statement.text(1)) ?? .impression,
      adID: statement.text(2), url: statement.text(3), nonce: statement.text(4), created: statement.real(5),
      expires: statement.real(6), attempts: statement.integer(7))
  }
}
