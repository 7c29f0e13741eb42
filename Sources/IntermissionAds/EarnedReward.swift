/// A reward that a rewarded ad's viewer earned: recorded durably before the game hears of it, and
/// pending until the game acknowledges it by its transaction id.
public struct EarnedReward: Hashable, Sendable {
  /// The reward's transaction id (a random UUID): the game stores it to credit the reward once.
  public var transactionID: String
  /// The placement whose ad earned it, such as `bonus_coins`.
  public var placement: String
  /// What it gives, such as `coins`.
  public var type: String
  /// How much of it.
  public var amount: Int
  /// When it was earned, in Unix seconds.
  public var earned: Double
  /// The ad that earned it.
  public var adID: String

  /// Creates a reward.
  public init(
    transactionID: String, placement: String, type: String, amount: Int, earned: Double, adID: String = ""
  ) {
    self.transactionID = transactionID
    self.placement = placement
    self.type = type
    self.amount = amount
    self.earned = earned
    self.adID = adID
  }
}

/// Where earned rewards wait for the game's acknowledgement: the beacon queue's file (a SQLite
/// table that survives a crash), which an overlay built by `AdStack` (or with a `beaconsPath`) is
/// given, or `MemoryRewardStore` for a game without one. A game hears its rewards through
/// `FullscreenPresenter.onReward` and acknowledges them with `acknowledgeReward(transactionID:)`.
package protocol RewardStore: AnyObject {
  /// Records `reward` durably before this returns; the same transaction id again changes nothing.
  /// - Throws: when it cannot be recorded (a full disk).
  func record(_ reward: EarnedReward) throws
  /// The rewards recorded and not yet acknowledged, oldest first.
  func pending() throws -> [EarnedReward]
  /// Acknowledges the reward `transactionID`: the game credited it, and it leaves the store.
  /// - Returns: false when no pending reward has that id.
  func acknowledge(transactionID: String) throws -> Bool
}

/// Rewards kept in memory only: pending until acknowledged while the process lives, lost with it.
package final class MemoryRewardStore: RewardStore {
  private var rewards: [EarnedReward] = []

  /// Creates an empty store.
  package init() {}

  package func record(_ reward: EarnedReward) throws {
    guard !rewards.contains(where: { $0.transactionID == reward.transactionID }) else { return }
    rewards.append(reward)
  }

  package func pending() throws -> [EarnedReward] { rewards }

  package func acknowledge(transactionID: String) throws -> Bool {
    guard let index = rewards.firstIndex(where: { $0.transactionID == transactionID }) else { return false }
    rewards.remove(at: index)
    return true
  }
}
