import IntermissionAds
import IntermissionBasics
import IntermissionCore

/// Rewards on their way to the game, exactly once: each is recorded in the `RewardStore` before the
/// game's handler hears of it, and leaves the store when the game acknowledges it (automatically
/// when the handler returns, unless the game opts out). Rewards still pending from an earlier
/// launch, whose game was killed between earning and crediting, go to the handler first, before
/// anything else of the session.
final class RewardDelivery {
  /// Where rewards wait for their acknowledgement.
  var store: any RewardStore = MemoryRewardStore() {
    didSet { checkedPending = false }
  }
  /// The game's handler; rewards wait in the store while there is none.
  var handler: ((EarnedReward) -> Void)? {
    didSet { checkedPending = false }
  }
  /// Whether a reward is acknowledged as soon as the handler returns.
  var acknowledgesAutomatically = true
  /// Unix seconds now, for a reward's `earned`.
  var clock: () -> Double = WallClock.now

  private let trace: Trace
  /// Rewards the store could not record (a full disk): still delivered, pending in memory.
  private let unrecorded = MemoryRewardStore()
  private var checkedPending = false
  /// The transaction ids handed to the handler in this process: never handed again.
  private var handedOver: Set<String> = []
  /// Rewards earned in this process and not yet handed over at their show's close: the show hands
  /// them over, never `deliverPending` (a handler set while the view is open would otherwise hear
  /// the reward before the close, and again at it).
  private var awaitingClose: Set<String> = []

  init(trace: Trace) { self.trace = trace }

  /// Hands the pending rewards of earlier launches to the handler, once, oldest first: call it
  /// first in every update.
  func deliverPending() {
    guard handler != nil, !checkedPending else { return }
    checkedPending = true
    let pending: [EarnedReward]
    do {
      pending = try store.pending()
    } catch {
      trace.emit(.rewardedStoreFailed, ["reason": .string("\(error)")])
      return
    }
    for reward in pending
    where !handedOver.contains(reward.transactionID) && !awaitingClose.contains(reward.transactionID) {
      trace.emit(
        .rewardedEarned,
        fields: FullscreenPresenter.context(format: .rewarded, placement: reward.placement, id: reward.adID) + [
          ("type", .string(reward.type)), ("amount", .int(reward.amount)), ("pending", .bool(true)),
        ])
      hand(reward)
    }
  }

  /// A new reward for `ad` at `placement`, recorded in the store (or, when it cannot be written,
  /// in memory, traced as `rewarded.notRecorded`).
  func earn(_ reward: AdFormat.Reward, ad: AdCreative, placement: String) -> EarnedReward {
    let earned = EarnedReward(
      transactionID: RandomUUID.make(), placement: placement, type: reward.type, amount: reward.amount,
      earned: clock(), adID: ad.id)
    awaitingClose.insert(earned.transactionID)
    do {
      try store.record(earned)
    } catch {
      try? unrecorded.record(earned)
      trace.emit(.rewardedNotRecorded, ["id": .string(ad.id), "reason": .string("\(error)")])
    }
    return earned
  }

  /// Hands `reward` to the handler, if there is one and it has not heard of it in this process,
  /// and acknowledges it when it returns (unless the game acknowledges rewards itself). Without a
  /// handler the reward waits in the store for `deliverPending`.
  func hand(_ reward: EarnedReward) {
    awaitingClose.remove(reward.transactionID)
    guard let handler, handedOver.insert(reward.transactionID).inserted else { return }
    handler(reward)
    if acknowledgesAutomatically { acknowledge(transactionID: reward.transactionID) }
  }

  /// Acknowledges the reward `transactionID`: it leaves the store.
  /// - Returns: false when no pending reward has that id.
  @discardableResult
  func acknowledge(transactionID: String) -> Bool {
    if (try? unrecorded.acknowledge(transactionID: transactionID)) == true { return true }
    do {
      return try store.acknowledge(transactionID: transactionID)
    } catch {
      trace.emit(.rewardedStoreFailed, ["reason": .string("\(error)")])
      return false
    }
  }
}
