import IntermissionAds
import IntermissionCore

#if canImport(Glibc)
  import Glibc
#endif

/// The durable beacon queue: a SQLite database in WAL mode whose rows are beacons not yet
/// acknowledged. A row is written (and committed) before anything else happens to its event, and
/// deleted only after the server answered 2xx: at-least-once delivery, with the row's nonce letting
/// the server count it once. With `synchronous=NORMAL` in WAL mode, a committed row survives the
/// process being killed at any moment (`kill -9`); only a power cut can lose the last ones.
public final class BeaconStore {
  /// One queued beacon.
  public struct Row: Hashable, Sendable {
    /// The row's key: the queue's order.
    public var id: Int
    /// What happened.
    public var kind: Beacon.Kind
    /// The ad it happened to.
    public var adID: String
    /// Where it is reported, without `nonce` and `ts`.
    public var url: String
    /// The event's nonce: a random UUID, the same for every attempt.
    public var nonce: String
    /// When it was recorded, in Unix seconds.
    public var created: Double
    /// When it stops being deliverable, in Unix seconds.
    public var expires: Double
    /// Failed attempts so far.
    public var attempts: Int
  }

  /// The most rows kept: beyond it, the oldest are dropped.
  public static let capacity = 10_000

  /// The database file.
  public let path: String
  private let database: SQLiteDatabase
  private let insert: SQLiteDatabase.Statement
  private let dropOverflow: SQLiteDatabase.Statement
  private let dropExpired: SQLiteDatabase.Statement
  private let selectOldest: SQLiteDatabase.Statement
  private let delete: SQLiteDatabase.Statement
  private let countFailure: SQLiteDatabase.Statement

  private static let columns = "id, kind, ad, url, nonce, created, expires, attempts"

  /// Opens the queue at `path`, creating the file and the table if needed. An existing `path`
  /// must be a regular file: a FIFO or a device could block SQLite's first read.
  /// - Parameters:
  ///   - path: the database file.
  ///   - createsFolders: create the file's missing folders (the default location); otherwise a
  ///     missing folder is an error.
  /// - Throws: naming the file and what failed.
  public init(path: String, createsFolders: Bool = false) throws {
    self.path = path
    do {
      try RegularFile.check(path)
    } catch .missing {
      if createsFolders { _ = HTTPCache.makeFolders(FilePath.folder(of: path)) }
    } catch {
      throw SQLiteDatabase.Failure(description: "beacon queue \(path): \(error)")
    }
    database = try SQLiteDatabase(path: path)
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
      let columns = BeaconStore.columns
      insert = try database.prepare(
        "INSERT INTO beacons (kind, ad, url, nonce, created, expires) VALUES (?, ?, ?, ?, ?, ?)")
      dropOverflow = try database.prepare(
        """
        DELETE FROM beacons WHERE id IN (SELECT id FROM beacons ORDER BY id
          LIMIT max(0, (SELECT count(*) FROM beacons) - ?)) RETURNING \(columns)
        """)
      dropExpired = try database.prepare("DELETE FROM beacons WHERE expires <= ? RETURNING \(columns)")
      selectOldest = try database.prepare("SELECT \(columns) FROM beacons ORDER BY id LIMIT ?")
      delete = try database.prepare("DELETE FROM beacons WHERE id = ?")
      countFailure = try database.prepare("UPDATE beacons SET attempts = attempts + 1 WHERE id = ? RETURNING attempts")
    } catch {
      throw SQLiteDatabase.Failure(description: "beacon queue \(path): \(error)")
    }
  }

  /// The default queue: `$XDG_DATA_HOME/intermission/beacons.sqlite`, else
  /// `$HOME/.local/share/intermission/beacons.sqlite`; nil without either variable.
  public static func defaultPath(environment: [String: String]) -> String? {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/intermission/beacons.sqlite" }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/share/intermission/beacons.sqlite" }
    return nil
  }

  /// Adds `beacon` with `nonce`, recorded at `now`, and drops the oldest rows beyond `capacity`,
  /// in one committed transaction.
  /// - Returns: the rows dropped to make room.
  @discardableResult
  public func add(_ beacon: Beacon, nonce: String, at now: Double, capacity: Int = BeaconStore.capacity) throws -> [Row]
  {
    try database.transaction {
      try insert.run([
        .text(beacon.kind.rawValue), .text(beacon.adID), .text(beacon.url), .text(nonce), .real(now),
        .real(now + beacon.lifetime),
      ])
      return try dropOverflow.rows([.integer(capacity)], BeaconStore.row)
    }
  }

  /// Removes the rows expired at `now`.
  /// - Returns: them.
  public func removeExpired(at now: Double) throws -> [Row] {
    try dropExpired.rows([.real(now)], BeaconStore.row)
  }

  /// The oldest `limit` rows, in queue order.
  public func oldest(limit: Int) throws -> [Row] {
    try selectOldest.rows([.integer(limit)], BeaconStore.row)
  }

  /// Removes the row `id`: its beacon was acknowledged.
  public func remove(id: Int) throws { try delete.run([.integer(id)]) }

  /// Counts a failed attempt of row `id`.
  /// - Returns: its failed attempts so far.
  @discardableResult
  public func recordFailure(id: Int) throws -> Int {
    try countFailure.rows([.integer(id)]) { $0.integer(0) }.first ?? 0
  }

  /// How many rows are queued.
  public func count() throws -> Int {
    try database.prepare("SELECT count(*) FROM beacons").rows { $0.integer(0) }.first ?? 0
  }

  private static func row(_ statement: SQLiteDatabase.Statement) -> Row {
    Row(
      id: statement.integer(0), kind: Beacon.Kind(rawValue: statement.text(1)) ?? .impression,
      adID: statement.text(2), url: statement.text(3), nonce: statement.text(4), created: statement.real(5),
      expires: statement.real(6), attempts: statement.integer(7))
  }
}
