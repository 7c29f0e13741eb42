import IntermissionAds
import IntermissionBasics
import IntermissionCore

/// Revenue events between their impression and the game's handler, in the SQLite file of the
/// beacon queue (a `revenues` table beside `beacons` and `rewards`): an event is a durable record,
/// stored with its impression's beacon, before it is a trace line or a callback.
///
/// The overlay records an event (`record`) before it traces the impression, and removes it
/// (`remove`) once the handler returned. An event recorded and never removed, because the game was
/// killed in between, is `pending` at the next launch, to be delivered then, once.
public final class RevenueLedger: RevenueStore {
  /// The database file.
  public let path: String
  private let database: SQLiteDatabase
  private let insert: SQLiteDatabase.Statement
  private let selectPending: SQLiteDatabase.Statement
  private let delete: SQLiteDatabase.Statement

  /// Opens the ledger in the file at `path` (the beacon queue's), creating its table if needed.
  /// - Throws: `SQLiteDatabase.Failure`-described errors naming the file.
  public init(path: String) throws {
    self.path = path
    (database, (insert, selectPending, delete)) = try SQLiteDatabase.ledger(
      "revenue ledger", at: path, schema: RevenueLedger.schema, prepare: RevenueLedger.statements)
  }

  /// The ledger on `database`, the beacon queue's own connection to `path`, whose transactions
  /// can then write an impression's beacons and its event together; its table made if needed.
  init(sharing database: SQLiteDatabase, path: String) throws {
    self.path = path
    self.database = database
    try database.execute(RevenueLedger.schema)
    (insert, selectPending, delete) = try RevenueLedger.statements(database)
  }

  /// The columns of its `revenues` table, in order.
  static let columns = [
    "event_id", "format", "placement", "ad_id", "source", "seat", "crid", "cpm_micros", "revenue_micros", "currency",
    "precision",
  ]

  private static let schema = """
    CREATE TABLE IF NOT EXISTS revenues (
      event_id TEXT PRIMARY KEY,
      format TEXT NOT NULL,
      placement TEXT NOT NULL,
      ad_id TEXT NOT NULL,
      source TEXT NOT NULL,
      seat TEXT NOT NULL,
      crid TEXT NOT NULL,
      cpm_micros INTEGER NOT NULL,
      revenue_micros INTEGER NOT NULL,
      currency TEXT NOT NULL,
      precision TEXT NOT NULL
    );
    """

  private static func statements(_ database: SQLiteDatabase) throws -> (
    SQLiteDatabase.Statement, SQLiteDatabase.Statement, SQLiteDatabase.Statement
  ) {
    (
      try database.prepare(
        "INSERT OR IGNORE INTO revenues (event_id, format, placement, ad_id, source, seat, crid, cpm_micros,"
          + " revenue_micros, currency, precision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
      try database.prepare(
        "SELECT event_id, format, placement, ad_id, source, seat, crid, cpm_micros, revenue_micros, currency,"
          + " precision FROM revenues ORDER BY rowid"),
      try database.prepare("DELETE FROM revenues WHERE event_id = ?")
    )
  }

  /// Records `revenue`, committed (and synced: `synchronous=FULL`) before this returns, or as part
  /// of the transaction it is called in (the beacon queue's, which its worker syncs before its next
  /// batch and a second after the commit); recording the same event id again changes nothing. An
  /// absent placement, seat or crid is stored empty.
  /// - Throws: when the file cannot be written.
  public func record(_ revenue: AdRevenue) throws {
    try insert.run([
      .text(revenue.eventID), .text(revenue.format.rawValue), .text(revenue.placement ?? ""), .text(revenue.id),
      .text(revenue.source.rawValue), .text(revenue.seat ?? ""), .text(revenue.crid ?? ""),
      .integer(Int(revenue.cpm.value)), .integer(Int(revenue.revenue.value)), .text(revenue.currency),
      .text(revenue.precision.rawValue),
    ])
  }

  /// The events recorded and not yet removed, oldest first; a row this version cannot read (a
  /// damaged or future one) is skipped.
  public func pending() throws -> [AdRevenue] {
    try selectPending.rows { row -> AdRevenue? in
      guard let format = AdFormat(rawValue: row.text(1)), let source = AdRevenue.Source(rawValue: row.text(4)),
        let precision = AdRevenue.Precision(rawValue: row.text(10))
      else { return nil }
      func optional(_ text: String) -> String? { text.isEmpty ? nil : text }
      return AdRevenue(
        eventID: row.text(0), format: format, placement: optional(row.text(2)), id: row.text(3), source: source,
        seat: optional(row.text(5)), crid: optional(row.text(6)), cpm: Micros(Int64(row.integer(7))),
        revenue: Micros(Int64(row.integer(8))), currency: row.text(9), precision: precision)
    }.compactMap { $0 }
  }

  /// The event `eventID` was handed over: it leaves the ledger (nothing, for an unknown id).
  public func remove(eventID: String) throws {
    try delete.run([.text(eventID)])
  }
}
