import CSQLite
import IntermissionBasics

/// A SQLite database connection that owns its handle and closes it in `deinit`, with statements
/// that do the same. Used from one thread.
package final class SQLiteDatabase {
  /// A failed SQLite call: the call and SQLite's message, with SQLite's primary result code.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    /// SQLite's primary result code (`SQLITE_FULL`, `SQLITE_CORRUPT`, ...); `SQLITE_ERROR` when the
    /// failure is ours (a schema that is not the one expected).
    var code: Int32 = SQLITE_ERROR

    /// Whether the file is damaged or not a database at all (`SQLITE_CORRUPT`, `SQLITE_NOTADB`):
    /// no later call on it can succeed, so it is to be moved aside.
    var isCorruption: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// A file that SQLite opens but that is not what it should be (`SQLITE_CORRUPT`).
    static func corruption(_ description: String) -> Failure {
      Failure(description: description, code: SQLITE_CORRUPT)
    }
  }

  private let handle: OpaquePointer

  /// Opens (creating it if needed) the database at `path`.
  init(path: String) throws {
    var error = [CChar](repeating: 0, count: 256)
    guard intermission_sqlite_load(&error, error.count) == 0 else {
      let reason = String(nulTerminated: error)
      throw Failure(description: "SQLite could not be loaded: \(reason)")
    }
    var opened: OpaquePointer?
    let code = intermission_sqlite_open(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX)
    guard code == SQLITE_OK, let opened else {
      let message =
        opened.map { String(cString: intermission_sqlite_errmsg($0)) }
        ?? String(cString: intermission_sqlite_errstr(code))
      intermission_sqlite_close(opened)
      throw Failure(description: "cannot open \(path): \(message)", code: code & 0xFF)
    }
    handle = opened
    intermission_sqlite_busy_timeout(handle, 2000)
  }

  deinit { intermission_sqlite_close(handle) }

  /// The main database's WAL file as SQLite names it: through any link, and absolute, whatever the
  /// folder is later; nil for a database in memory.
  var walPath: String? { intermission_sqlite_wal_path(handle).map { String(cString: $0) } }

  /// Runs `sql`, one or more statements without parameters or results.
  func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = intermission_sqlite_exec(handle, sql, &message)
    guard code == SQLITE_OK else {
      defer { intermission_sqlite_free(message) }
      throw Failure(description: message.map { String(cString: $0) } ?? lastError, code: code & 0xFF)
    }
  }

  /// Prepares one statement.
  func prepare(_ sql: String) throws -> Statement {
    var statement: OpaquePointer?
    let code = intermission_sqlite_prepare(handle, sql, &statement)
    guard code == SQLITE_OK, let statement else {
      throw Failure(description: "cannot prepare '\(sql)': \(lastError)", code: code & 0xFF)
    }
    return Statement(statement, database: self)
  }

  /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  var lastError: String { String(cString: intermission_sqlite_errmsg(handle)) }

  /// A prepared statement; finalized in `deinit`.
  package final class Statement {
    private let statement: OpaquePointer
    private let database: SQLiteDatabase

    fileprivate init(_ statement: OpaquePointer, database: SQLiteDatabase) {
      self.statement = statement
      self.database = database
    }

    deinit { intermission_sqlite_finalize(statement) }

    /// Binds `values` to the parameters, in order, after a reset.
    func bind(_ values: [Value]) throws {
      intermission_sqlite_reset(statement)
      intermission_sqlite_clear_bindings(statement)
      for (offset, value) in values.enumerated() {
        let index = Int32(offset + 1)
        let code =
          switch value {
          case .integer(let number): intermission_sqlite_bind_int64(statement, index, sqlite3_int64(number))
          case .real(let number): intermission_sqlite_bind_double(statement, index, number)
          case .text(let text): intermission_sqlite_bind_text(statement, index, text)
          }
        guard code == SQLITE_OK else {
          throw Failure(description: "cannot bind: \(database.lastError)", code: code & 0xFF)
        }
      }
    }

    /// Steps once: true while a row is ready, false when done.
    func step() throws -> Bool {
      switch intermission_sqlite_step(statement) {
      case SQLITE_ROW: return true
      case SQLITE_DONE: return false
      case let code: throw Failure(description: database.lastError, code: code & 0xFF)
      }
    }

    /// Runs the statement to completion with `values` bound.
    func run(_ values: [Value] = []) throws {
      try bind(values)
      while try step() {}
    }

    /// The rows the statement gives with `values` bound, each read by `read`.
    func rows<T>(_ values: [Value] = [], _ read: (Statement) -> T) throws -> [T] {
      try bind(values)
      var rows: [T] = []
      while try step() { rows.append(read(self)) }
      return rows
    }

    func integer(_ column: Int32) -> Int { Int(intermission_sqlite_column_int64(statement, column)) }
    func real(_ column: Int32) -> Double { intermission_sqlite_column_double(statement, column) }
    func text(_ column: Int32) -> String {
      intermission_sqlite_column_text(statement, column).map { String(cString: $0) } ?? ""
    }
  }

  /// A value bound to a parameter.
  package enum Value {
    case integer(Int)
    case real(Double)
    case text(String)
  }
}
