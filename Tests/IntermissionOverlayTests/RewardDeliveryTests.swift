import IntermissionAds
import IntermissionOverlay
import IntermissionTestSupport
import Testing

/// A reward reaches the game exactly once, at its show's close, however the game changes its
/// handler or store while the view is open.
@Suite("Reward delivery")
struct RewardDeliveryTests {
  /// A handler set (or set again) while the earned reward waits for the close would reset the
  /// check for rewards of earlier launches: the waiting reward is not one of those, and is handed
  /// over once, at the close.
  @Test func aHandlerSetWhileTheRewardWaitsForTheCloseHearsItOnceAtTheClose() throws {
    let h = try fullscreenHarness(rewardAfter: 2)
    var rewards: [EarnedReward] = []
    h.overlay.fullscreen.onReward = { rewards.append($0) }
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus_coins") == nil)
    h.run(until: 4)
    #expect(try h.overlay.fullscreen.rewardStore.pending().count == 1, "earned, the view still open")
    h.overlay.fullscreen.onReward = { rewards.append($0) }
    h.frames(3)
    #expect(rewards.isEmpty, "nothing before the close")
    h.escape()
    h.frames(3)
    #expect(rewards.count == 1, "once, at the close")
    h.overlay.fullscreen.onReward = { rewards.append($0) }
    h.frames(3)
    #expect(rewards.count == 1, "never again")
    #expect(try h.overlay.fullscreen.rewardStore.pending().isEmpty)
    #expect(h.lines(containing: "rewarded.earned").count == 1)
  }
}
