/// When a full-screen ad may show: pacing that the library enforces rather than documents.
///
/// - No interstitial in the first `sessionStartDelay` seconds of a session (Google Play's Better
///   Ads rules forbid one at launch).
/// - At least `minimumInterval` seconds between interstitials.
/// - At most `maximumPerHour` interstitials in any hour.
/// - Rewarded ads are never paced, because the player asked for them; a placement may have a cap
///   of its own, per hour.
///
/// A value type on the caller's clock (host seconds from the session's start), so that an hour of
/// play is a loop in a test.
public struct FullscreenPacing: Hashable, Sendable {
  /// The rules, with their defaults.
  public struct Rules: Hashable, Sendable {
    /// Seconds from a session's start before the first interstitial (default 30).
    public var sessionStartDelay = 30.0
    /// Seconds between two interstitials at least (default 60).
    public var minimumInterval = 60.0
    /// Interstitials in any hour at most (default 6).
    public var maximumPerHour = 6
    /// Rewarded ads per hour at most, by placement; a placement not named has no cap.
    public var rewardedCapsPerHour: [String: Int] = [:]

    /// The default rules.
    public init() {}
  }

  /// Why a show is refused, as `fullscreen.refused` traces it. Pacing refuses with `sessionStart`,
  /// `pacing` or `cap`; the presenter with the others.
  public enum Refusal: String, Hashable, Sendable, CaseIterable {
    case notReady, expired, pacing, cap, sessionStart, alreadyShowing, windowHidden
  }

  /// The rules in force.
  public var rules: Rules
  private var interstitials: [Double] = []
  private var rewarded: [String: [Double]] = [:]

  /// Pacing under `rules`, for a session that starts at host time 0.
  public init(rules: Rules = Rules()) { self.rules = rules }

  /// Host times a microsecond apart count as the same: a fixed step's sums round.
  private static let tolerance = 1e-6

  /// Why an interstitial may not show at `time` now, or nil when it may.
  public func refusal(forInterstitialAt time: Double) -> Refusal? {
    let time = time + FullscreenPacing.tolerance
    if time < rules.sessionStartDelay { return .sessionStart }
    if let last = interstitials.last, time - last < rules.minimumInterval { return .pacing }
    if interstitials.filter({ time - $0 < 3600 }).count >= rules.maximumPerHour { return .cap }
    return nil
  }

  /// Why a rewarded ad for `placement` may not show at `time` now (its cap), or nil when it may.
  public func refusal(forRewardedAt time: Double, placement: String) -> Refusal? {
    guard let cap = rules.rewardedCapsPerHour[placement] else { return nil }
    let time = time + FullscreenPacing.tolerance
    return (rewarded[placement] ?? []).filter { time - $0 < 3600 }.count >= cap ? .cap : nil
  }

  /// Records that an interstitial showed at `time`.
  public mutating func interstitialShown(at time: Double) {
    interstitials.append(time)
    interstitials.removeAll { time - $0 >= 3600 }
  }

  /// Records that a rewarded ad for `placement` showed at `time`.
  public mutating func rewardedShown(at time: Double, placement: String) {
    rewarded[placement, default: []].append(time)
    rewarded[placement]?.removeAll { time - $0 >= 3600 }
  }
}
