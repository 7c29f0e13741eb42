import IntermissionBasics
import IntermissionCore

/// A store in a SQLite file opened only when it is needed: the file is not created (nor, at the
/// default location, its folders) until something is recorded, and a launch that finds no file has
/// nothing pending. The ledgers kept in the beacon queue's file open this way.
final class DeferredDatabase<Store> {
  /// The database file.
  let path: String
  private let createsFolders: Bool
  /// What the file holds, for messages: "reward ledger".
  private let role: String
  private let opener: (String) throws -> Store
  private var store: Store?

  /// A store at `path`, for `role`, opened by `opener`; `createsFolders` creates the file's missing
  /// folders when it is first created (the default location).
  init(path: String, role: String, createsFolders: Bool, opener: @escaping (String) throws -> Store) {
    self.path = path
    self.role = role
    self.createsFolders = createsFolders
    self.opener = opener
  }

  /// The store, opened now if `creating` or if its file exists; nil when neither.
  func open(creating: Bool) throws -> Store? {
    if let store { return store }
    do {
      try RegularFile.check(path)
    } catch .missing {
      guard creating else { return nil }
      if createsFolders { _ = HTTPCache.makeFolders(FilePath.folder(of: path)) }
    } catch {
      throw SQLiteDatabase.Failure(description: "\(role) \(path): \(error)")
    }
    let opened = try opener(path)
    store = opened
    return opened
  }
}
