import IntermissionBasics
import IntermissionCore

/// A record that a `DurableOutbox` keeps: its table and columns, its key, and how a row is written
/// and read back.
package protocol OutboxRecord {
  /// The table: `rewards`.
  static var outboxTable: String { get }
  /// What the table is, for messages: "reward ledger".
  static var outboxRole: String { get }
  /// The columns, the key first, each with its SQL declaration (`placement TEXT NOT NULL`).
  static var outboxColumns: [(name: String, declaration: String)] { get }
  /// The order pending records come in, oldest first (an SQL `ORDER BY` list).
  static var outboxOrder: String { get }
  /// The key: a transaction id, an event id.
  var outboxKey: String { get }
  /// The values of `outboxColumns`, in their order.
  var outboxValues: [SQLiteDatabase.Value] { get }
  /// The record of a row whose columns are `outboxColumns`; nil for a row this version cannot
  /// read (a damaged or a future one), which is skipped.
  init?(outboxRow row: SQLiteDatabase.Statement)
  /// Brings the table of an older version up to date (a column added since); it exists.
  static func upgradeOutboxTable(in database: SQLiteDatabase) throws
}

extension OutboxRecord {
  package static func upgradeOutboxTable(in database: SQLiteDatabase) throws {}
}

/// Records on their way to a handler, kept in a table of a SQLite file (the beacon queue's) so
/// that none is lost to a crash: each is written (committed and synced) before it is handed over,
/// and removed when its handler acknowledges it; one still there at the next launch is handed
/// over again, with the same key. Recording a key again changes nothing.
///
/// An outbox opened with `init(path:createsFolders:)` opens its file only when it is needed: the
/// file is not created (nor, at the default location, its folders) until something is recorded,
/// and a launch that finds no file has nothing pending. The earned rewards
/// (`DurableOutbox<EarnedReward>`, `RewardStore`) and the revenue events
/// (`DurableOutbox<AdRevenue>`, `RevenueStore`) are its two uses.
package final class DurableOutbox<Record: OutboxRecord> {
  /// The database file.
  package let path: String
  private let table: DeferredDatabase<OutboxTable<Record>>

  /// An outbox in the file at `path`, opened at the first record, or at the first question once
  /// the file exists; `createsFolders` creates the file's missing folders then.
  package init(path: String, createsFolders: Bool) {
    self.path = path
    table = DeferredDatabase(path: path, role: Record.outboxRole, createsFolders: createsFolders) { path in
      try SQLiteDatabase.ledger(Record.outboxRole, at: path, schema: OutboxTable<Record>.schema) {
        try OutboxTable(sharing: $0)
      }.1
    }
  }

  /// Opens the outbox in the file at `path` now, creating its table if needed.
  /// - Throws: `SQLiteDatabase.Failure`-described errors naming the outbox and its file.
  package convenience init(path: String) throws {
    self.init(path: path, createsFolders: false)
    _ = try table.open(creating: true)
  }

  /// The names of its table's columns, in order: what a table of this name must have.
  static var columnNames: [String] { OutboxTable<Record>.columnNames }

  /// Records `record`, committed (and synced: `synchronous=FULL`) before this returns; recording
  /// the same key again changes nothing.
  /// - Throws: when the file cannot be written.
  package func record(_ record: Record) throws {
    try table.open(creating: true)?.record(record)
  }

  /// The records not yet removed, oldest first; a row this version cannot read is skipped.
  package func pending() throws -> [Record] {
    try table.open(creating: false)?.pending() ?? []
  }

  /// Removes the record `key`: its handler acknowledged it.
  /// - Returns: false when no record has that key (unknown, or removed already).
  @discardableResult
  package func remove(key: String) throws -> Bool {
    try table.open(creating: false)?.remove(key: key) ?? false
  }
}

/// An outbox's table and statements on an open connection.
final class OutboxTable<Record: OutboxRecord> {
  let database: SQLiteDatabase
  let insert: SQLiteDatabase.Statement
  let selectPending: SQLiteDatabase.Statement
  let delete: SQLiteDatabase.Statement

  /// The table on `database`, made if needed and brought up to date.
  init(sharing database: SQLiteDatabase) throws {
    self.database = database
    try database.execute(OutboxTable.schema)
    try Record.upgradeOutboxTable(in: database)
    let table = Record.outboxTable
    let names = Record.outboxColumns.map(\.name)
    let columns = names.joined(separator: ", ")
    let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
    insert = try database.prepare("INSERT OR IGNORE INTO \(table) (\(columns)) VALUES (\(placeholders))")
    selectPending = try database.prepare("SELECT \(columns) FROM \(table) ORDER BY \(Record.outboxOrder)")
    delete = try database.prepare("DELETE FROM \(table) WHERE \(names[0]) = ? RETURNING \(names[0])")
  }

  /// The names of its columns, in order: what a table of this name must have.
  static var columnNames: [String] { Record.outboxColumns.map(\.name) }

  /// Records `record` (in the transaction it is called in, if any, which can write another
  /// store's rows on the same connection too); recording the same key again changes nothing.
  /// - Throws: when the file cannot be written.
  func record(_ record: Record) throws {
    try insert.run(record.outboxValues)
  }

  /// The records not yet removed, oldest first; a row this version cannot read is skipped.
  func pending() throws -> [Record] {
    try selectPending.rows { Record(outboxRow: $0) }.compactMap { $0 }
  }

  /// Removes the record `key`.
  /// - Returns: false when no record has that key.
  func remove(key: String) throws -> Bool {
    try !delete.rows([.text(key)]) { _ in () }.isEmpty
  }

  /// The table's declaration: the key column is its primary key.
  static var schema: String {
    let columns = Record.outboxColumns.enumerated().map { index, column in
      "  \(column.name) \(column.declaration)\(index == 0 ? " PRIMARY KEY" : "")"
    }
    return "CREATE TABLE IF NOT EXISTS \(Record.outboxTable) (\n\(columns.joined(separator: ",\n"))\n);"
  }
}
