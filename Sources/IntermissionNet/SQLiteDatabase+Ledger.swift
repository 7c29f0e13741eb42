import IntermissionBasics
import IntermissionCore

extension SQLiteDatabase {
  /// Opens the ledger `role` (such as "reward ledger") kept in the beacon queue's file at `path`:
  /// the file must be a regular file if it exists; it is opened in WAL mode with full syncs (each
  /// record is on disk before its call returns), `schema` is run, and `prepare` readies the
  /// ledger's statements. Every failure names the ledger and its file.
  static func ledger<Statements>(
    _ role: String, at path: String, schema: String, prepare: (SQLiteDatabase) throws -> Statements
  ) throws -> (SQLiteDatabase, Statements) {
    do {
      try RegularFile.check(path)
    } catch .missing {
    } catch {
      throw Failure(description: "\(role) \(path): \(error)")
    }
    let database = try SQLiteDatabase(path: path)
    do {
      try database.execute("PRAGMA journal_mode=WAL;\nPRAGMA synchronous=FULL;\n" + schema)
      return (database, try prepare(database))
    } catch let failure as Failure {
      throw Failure(description: "\(role) \(path): \(failure)", code: failure.code)
    }
  }
}
