import IntermissionAds
import IntermissionCore

/// A `RewardLedger` opened only when it is needed: the file is not created (nor, at the default
/// location, its folders) until a reward is earned, and a launch that finds no file has nothing
/// pending. The host and the C API keep rewards this way, in the beacon queue's file.
public final class DeferredRewardLedger: RewardStore {
  /// The database file.
  public let path: String
  private let createsFolders: Bool
  private var ledger: RewardLedger?

  /// A ledger at `path`, opened at the first reward, or at the first question once the file
  /// exists; `createsFolders` creates the file's missing folders then (the default location).
  public init(path: String, createsFolders: Bool) {
    self.path = path
    self.createsFolders = createsFolders
  }

  /// The ledger, opened now if `creating` or if its file exists; nil when neither.
  private func open(creating: Bool) throws -> RewardLedger? {
    if let ledger { return ledger }
    do {
      try RegularFile.check(path)
    } catch .missing {
      guard creating else { return nil }
      if createsFolders { _ = HTTPCache.makeFolders(FilePath.folder(of: path)) }
    } catch {
      throw SQLiteDatabase.Failure(description: "reward ledger \(path): \(error)")
    }
    let opened = try RewardLedger(path: path)
    ledger = opened
    return opened
  }

  public func record(_ reward: EarnedReward) throws {
    try open(creating: true)?.record(reward)
  }

  public func pending() throws -> [EarnedReward] {
    try open(creating: false)?.pending() ?? []
  }

  public func acknowledge(transactionID: String) throws -> Bool {
    try open(creating: false)?.acknowledge(transactionID: transactionID) ?? false
  }
}
