import IntermissionAds

/// Where one full-screen show stands, from its acceptance to its end. Each transition returns the
/// steps it causes, in the order they must happen; the presenter carries them out (traces,
/// callbacks, the video, the hold), so that the rules of a show live here alone.
///
/// A show opens, is presented at its first frame, and ends when the player closes it or it fails.
/// An interstitial closes only once its countdown is over. A rewarded ad earns its reward when its
/// countdown completes; an earlier close asks first, and a second close gives the reward up; an
/// earned reward is handed over as the view closes, before its dismissal, once.
enum FullscreenShowState: Equatable {
  /// Accepted: the view waits for its first frame (the creative's upload, a video's first
  /// picture); `confirmingClose` when an early close asked its question already.
  case opening(confirmingClose: Bool)
  /// On screen, a rewarded ad's reward not earned yet; `confirmingClose` while an early close's
  /// question shows, which a second close answers by giving the reward up.
  case presented(confirmingClose: Bool)
  /// A rewarded ad's reward was earned and recorded, to be handed over when the view closes.
  case earned(EarnedReward)
  /// The view closed or failed.
  case ended

  /// A show just accepted.
  static let accepted = FullscreenShowState.opening(confirmingClose: false)

  /// What a transition causes.
  enum Step: Equatable {
    /// The first frame is presented: `fullscreen.shown`, the impression's and the video's start.
    case shown
    /// The countdown completed: record the reward (`rewarded.completed`), then `recorded(_:)`.
    case earn
    /// An interstitial's close before its countdown is over is refused
    /// (`fullscreen.closeRefused`).
    case refuseClose
    /// A rewarded ad's early close asks first (`rewarded.closeAsked`).
    case askBeforeClosing
    /// The player closes the view: a video hears that it was closed.
    case closing
    /// The player gave the reward up (`rewarded.forfeited`).
    case forfeit
    /// Hand the recorded reward to the game (`rewarded.earned`, `onReward`).
    case deliver(EarnedReward)
    /// Take the view down (`fullscreen.dismissed`) and release the game.
    case dismiss
  }

  /// Whether the view's first frame was presented and it has not ended.
  var isPresented: Bool {
    switch self {
    case .opening, .ended: false
    case .presented, .earned: true
    }
  }

  /// The reward, once earned and until the show ends.
  var reward: EarnedReward? {
    guard case .earned(let reward) = self else { return nil }
    return reward
  }

  /// Whether an early close's question is showing.
  var isConfirmingClose: Bool {
    switch self {
    case .opening(let confirming), .presented(let confirming): confirming
    case .earned, .ended: false
    }
  }

  /// The view's first frame is ready to be presented.
  mutating func present() -> [Step] {
    guard case .opening(let confirming) = self else { return [] }
    self = .presented(confirmingClose: confirming)
    return [.shown]
  }

  /// The countdown of an ad of `format` is over (a video's, too, once it completed): a rewarded ad
  /// on screen that has not earned yet earns now (a question showing goes away with it).
  func countdownCompleted(format: AdFormat) -> [Step] {
    guard format == .rewarded, case .presented = self else { return [] }
    return [.earn]
  }

  /// The reward the `earn` step recorded.
  mutating func recorded(_ reward: EarnedReward) {
    guard case .presented = self else { return }
    self = .earned(reward)
  }

  /// The player closes an ad of `format`, whose countdown is `countdownOver` or not.
  mutating func close(format: AdFormat, countdownOver: Bool) -> [Step] {
    switch self {
    case .ended:
      return []
    case .earned(let reward):
      self = .ended
      return [.closing, .deliver(reward), .dismiss]
    case .opening(confirmingClose: true), .presented(confirmingClose: true):
      self = .ended
      return [.closing, .forfeit, .dismiss]
    case .opening(confirmingClose: false), .presented(confirmingClose: false):
      if format == .interstitial, !countdownOver { return [.refuseClose] }
      if format == .rewarded {
        self = isPresented ? .presented(confirmingClose: true) : .opening(confirmingClose: true)
        return [.askBeforeClosing]
      }
      self = .ended
      return [.closing, .dismiss]
    }
  }

  /// The show's video failed after its first frame: a reward earned already is still handed
  /// over, then the view is taken down.
  mutating func videoFailed() -> [Step] {
    guard self != .ended else { return [] }
    let earned = reward
    self = .ended
    return (earned.map { [.deliver($0)] } ?? []) + [.dismiss]
  }

  /// The show failed before its first frame, or was taken down: nothing more happens to it.
  mutating func end() { self = .ended }
}
