import IntermissionAds
import Testing

@testable import IntermissionOverlay

/// The rules of one full-screen show, as transitions of `FullscreenShowState` and the steps each
/// returns, without a presenter.
@Suite("Full-screen show state")
struct FullscreenShowStateTests {
  static let reward = EarnedReward(
    transactionID: "t-1", placement: "bonus", type: "coins", amount: 50, earned: 12, adID: "ad")

  @Test func aShowIsPresentedOnceAtItsFirstFrame() {
    var state = FullscreenShowState.accepted
    #expect(!state.isPresented)
    #expect(state.present() == [.shown])
    #expect(state.isPresented)
    #expect(state.present() == [], "a second frame presents nothing again")
  }

  @Test func anInterstitialClosesOnlyOnceItsCountdownIsOver() {
    var state = FullscreenShowState.accepted
    _ = state.present()
    #expect(state.close(format: .interstitial, countdownOver: false) == [.refuseClose])
    #expect(state == .presented(confirmingClose: false))
    #expect(state.countdownCompleted(format: .interstitial) == [], "an interstitial earns nothing")
    #expect(state.close(format: .interstitial, countdownOver: true) == [.closing, .dismiss])
    #expect(state == .ended)
    #expect(state.close(format: .interstitial, countdownOver: true) == [], "an ended show closes no more")
  }

  @Test func aRewardedAdsEarlyCloseAsksFirstAndASecondCloseGivesTheRewardUp() {
    var state = FullscreenShowState.accepted
    _ = state.present()
    #expect(state.close(format: .rewarded, countdownOver: false) == [.askBeforeClosing])
    #expect(state.isConfirmingClose)
    #expect(state.close(format: .rewarded, countdownOver: false) == [.closing, .forfeit, .dismiss])
    #expect(state == .ended)
    #expect(state.reward == nil)
  }

  @Test func anEarnedRewardIsHandedOverAsTheViewClosesBeforeItsDismissalOnce() {
    var state = FullscreenShowState.accepted
    _ = state.present()
    _ = state.close(format: .rewarded, countdownOver: false)
    // The countdown completes while the question shows: the reward is earned, the question goes.
    #expect(state.countdownCompleted(format: .rewarded) == [.earn])
    state.recorded(Self.reward)
    #expect(state.reward == Self.reward)
    #expect(!state.isConfirmingClose)
    #expect(state.countdownCompleted(format: .rewarded) == [], "earned once")
    #expect(state.close(format: .rewarded, countdownOver: true) == [.closing, .deliver(Self.reward), .dismiss])
    #expect(state.close(format: .rewarded, countdownOver: true) == [], "delivered once")
  }

  @Test func aFailedVideoHandsOverARewardEarnedAlreadyAndNoOther() {
    var earned = FullscreenShowState.accepted
    _ = earned.present()
    earned.recorded(Self.reward)
    #expect(earned.videoFailed() == [.deliver(Self.reward), .dismiss])
    #expect(earned.videoFailed() == [])
    var playing = FullscreenShowState.accepted
    _ = playing.present()
    #expect(playing.videoFailed() == [.dismiss])
  }

  @Test func aCloseBeforeTheFirstFrameAsksAndTheShowIsStillPresentedAtIt() {
    var state = FullscreenShowState.accepted
    #expect(state.close(format: .rewarded, countdownOver: false) == [.askBeforeClosing])
    #expect(state.isConfirmingClose)
    #expect(!state.isPresented, "asked, not shown")
    #expect(state.present() == [.shown])
    #expect(state.isPresented && state.isConfirmingClose)
    #expect(state.close(format: .rewarded, countdownOver: false) == [.closing, .forfeit, .dismiss])
  }

  @Test func aShowThatEndedBeforeItsFirstFrameEarnsAndPresentsNothing() {
    var state = FullscreenShowState.accepted
    #expect(state.countdownCompleted(format: .rewarded) == [], "not presented, nothing earned")
    state.recorded(Self.reward)
    #expect(state.reward == nil)
    state.end()
    #expect(state.present() == [])
    #expect(!state.isPresented)
  }
}
