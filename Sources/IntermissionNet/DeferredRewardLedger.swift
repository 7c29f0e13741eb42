import IntermissionAds
import IntermissionCore

/// A `RewardLedger` opened only when it is needed: the file is not created (nor, at the default
/// location, its folders) until a reward is earned, and a launch that finds no file has nothing
/// pending. The host and the C API keep rewards this way, in the beacon queue's file.
public final class DeferredRewardLedger: RewardStore {
  /// The database file.
  public var path: String { database.path }
  private let database: DeferredDatabase<RewardLedger>

  /// A ledger at `path`, opened at the first reward, or at the first question once the file
  /// exists; `createsFolders` creates the file's missing folders then (the default location).
  public init(path: String, createsFolders: Bool) {
    database = DeferredDatabase(path: path, role: "reward ledger", createsFolders: createsFolders) {
      try RewardLedger(path: $0)
    }
  }

  public func record(_ reward: EarnedReward) throws {
    try database.open(creating: true)?.record(reward)
  }

  public func pending() throws -> [EarnedReward] {
    try database.open(creating: false)?.pending() ?? []
  }

  public func acknowledge(transactionID: String) throws -> Bool {
    try database.open(creating: false)?.acknowledge(transactionID: transactionID) ?? false
  }
}
