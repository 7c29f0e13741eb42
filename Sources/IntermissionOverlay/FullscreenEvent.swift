import IntermissionAds
import IntermissionCore

/// Why a full-screen show is refused (`fullscreen.refused`'s `reason`).
public typealias FullscreenRefusal = FullscreenPacing.Refusal

/// One event of a full-screen ad, in the order the presenter guarantees for each show:
/// `fullscreen.shown`, then `impression` (after a viewable second), then any number of
/// `fullscreen.clicked`, then `rewarded.earned` or `rewarded.forfeited` (rewarded ads only), then
/// `fullscreen.dismissed`; or a single `fullscreen.refused` or `fullscreen.failed`. A video ad adds
/// its `video.*` events (and any `vast.error`) between them, in playhead order. Each is traced
/// under its `name`, on the game's thread, before the game's handler hears of it.
public struct FullscreenEvent: Hashable, Sendable {
  /// What happened; `event` is its name in the trace (and the C API's `on_event`).
  public enum Kind: Hashable, Sendable, CaseIterable {
    /// The view's first frame is presented; the game is held.
    case shown
    /// The ad was viewable for a continuous second.
    case impression
    /// The call to action or the creative was clicked.
    case clicked
    /// The reward was earned (recorded when the countdown completed) and is handed to the game
    /// (`reward`) as the view closes, after every click and just before the dismissal.
    case earned
    /// The rewarded ad was closed early and the player confirmed it: no reward.
    case forfeited
    /// The view closed; the ad's hold on the game is released.
    case dismissed
    /// The show was refused at once (`refusal`).
    case refused
    /// The show was accepted but could not be presented (`reason`); the hold is released.
    case failed
    /// A video ad's first frame is presented and its playhead starts.
    case videoStarted
    /// A video ad's playhead first passed a quartile (`quartile` 1, 2 or 3) in continuous play.
    case videoQuartile
    /// A video ad played to its end. A rewarded video's reward is recorded now.
    case videoCompleted
    /// An interstitial video was closed before its end.
    case videoSkipped
    /// A video ad paused (`reason`: `window`, the window hidden; `click`, its click-through open).
    case videoPaused
    /// A video ad went on playing (`reason` as its pause's).
    case videoResumed
    /// The player muted a video ad's sound.
    case videoMuted
    /// The player turned a video ad's sound back on.
    case videoUnmuted
    /// A video ad failed (`code`, the VAST error code reported to its Error URLs, and `reason`).
    case vastError

    /// The event's name in the trace, from the one table of names.
    public var event: TraceEvent {
      switch self {
      case .impression: .impression
      case .shown: .fullscreenShown
      case .clicked: .fullscreenClicked
      case .earned: .rewardedEarned
      case .forfeited: .rewardedForfeited
      case .dismissed: .fullscreenDismissed
      case .refused: .fullscreenRefused
      case .failed: .fullscreenFailed
      case .videoStarted: .videoStarted
      case .videoQuartile: .videoQuartile
      case .videoCompleted: .videoCompleted
      case .videoSkipped: .videoSkipped
      case .videoPaused: .videoPaused
      case .videoResumed: .videoResumed
      case .videoMuted: .videoMuted
      case .videoUnmuted: .videoUnmuted
      case .vastError: .vastError
      }
    }
  }

  /// What happened.
  public var kind: Kind
  /// The ad's format: `interstitial` or `rewarded`.
  public var format: AdFormat
  /// The placement the game named, such as `level_end`.
  public var placement: String
  /// The ad's id; empty for a refusal without an ad.
  public var id: String
  /// Why a show was refused (`refused` only).
  public var refusal: FullscreenRefusal?
  /// The reward (`earned` only).
  public var reward: EarnedReward?
  /// Why a show failed (`failed`), a video's pause (`videoPaused`, `videoResumed`), or a VAST
  /// error (`vastError`).
  public var reason: String?
  /// The quartile passed (`videoQuartile` only): 1, 2 or 3.
  public var quartile: Int?
  /// The VAST error code (`vastError` only).
  public var code: Int?

  /// Creates an event.
  public init(
    _ kind: Kind, format: AdFormat, placement: String, id: String, refusal: FullscreenRefusal? = nil,
    reward: EarnedReward? = nil, reason: String? = nil
  ) {
    self.kind = kind
    self.format = format
    self.placement = placement
    self.id = id
    self.refusal = refusal
    self.reward = reward
    self.reason = reason
  }
}
