import IntermissionAds
import IntermissionCore

/// A `RevenueLedger` opened only when it is needed: the file is not created until an impression
/// earns, and a launch that finds no file has nothing pending. The host and the C API keep revenue
/// events this way, in the beacon queue's file.
public final class DeferredRevenueLedger: RevenueStore {
  /// The database file.
  public var path: String { database.path }
  private let database: DeferredDatabase<RevenueLedger>

  /// A ledger at `path`, opened at the first impression, or at the first question once the file
  /// exists; `createsFolders` creates the file's missing folders then (the default location).
  public init(path: String, createsFolders: Bool) {
    database = DeferredDatabase(path: path, role: "revenue ledger", createsFolders: createsFolders) {
      try RevenueLedger(path: $0)
    }
  }

  public func record(_ revenue: AdRevenue) throws {
    try database.open(creating: true)?.record(revenue)
  }

  public func pending() throws -> [AdRevenue] {
    try database.open(creating: false)?.pending() ?? []
  }

  public func remove(eventID: String) throws {
    try database.open(creating: false)?.remove(eventID: eventID)
  }
}
