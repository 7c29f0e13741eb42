/// Why a full-screen show is refused (`fullscreen.refused`'s `reason`).
public typealias FullscreenRefusal = FullscreenPacing.Refusal

/// One event of a full-screen ad, in the order the presenter guarantees for each show:
/// `fullscreen.shown`, then `impression` (after a viewable second), then any number of
/// `fullscreen.clicked`, then `rewarded.earned` or `rewarded.forfeited` (rewarded ads only), then
/// `fullscreen.dismissed`; or a single `fullscreen.refused` or `fullscreen.failed`. Each is traced
/// under its `name`, on the game's thread, before the game's handler hears of it.
public struct FullscreenEvent: Hashable, Sendable {
  /// What happened; the raw value is the trace's (and the C API's `on_event`) name.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The view's first frame is presented; the game is held.
    case shown = "fullscreen.shown"
    /// The ad was viewable for a continuous second.
    case impression
    /// The call to action or the creative was clicked.
    case clicked = "fullscreen.clicked"
    /// The reward was earned (recorded when the countdown completed) and is handed to the game
    /// (`reward`) as the view closes, after every click and just before the dismissal.
    case earned = "rewarded.earned"
    /// The rewarded ad was closed early and the player confirmed it: no reward.
    case forfeited = "rewarded.forfeited"
    /// The view closed; the ad's hold on the game is released.
    case dismissed = "fullscreen.dismissed"
    /// The show was refused at once (`refusal`).
    case refused = "fullscreen.refused"
    /// The show was accepted but could not be presented (`reason`); the hold is released.
    case failed = "fullscreen.failed"
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
  /// Why a show failed (`failed` only).
  public var reason: String?

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
