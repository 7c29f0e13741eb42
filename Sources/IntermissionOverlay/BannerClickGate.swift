import IntermissionAds

/// Which clicks on the banner may start an action: none within the cooldown after an action began
/// (a double click), and none within the guard after the banner finished sliding in or its creative
/// changed (a click aimed at what was there before), which is refused with a reason.
struct BannerClickGate {
  /// Why a click was refused, for `banner.clickRefused`; nil for a cooldown, which is silent.
  enum Verdict: Equatable {
    case allowed
    case coolingDown
    case refused(reason: String)
  }

  private let cooldown: Double
  private let guardDuration: Double
  private var lastActionTime = -Double.infinity
  private var guardEnd = -Double.infinity
  private var guardReason = ""

  init(cooldown: Double, guardDuration: Double) {
    self.cooldown = cooldown
    self.guardDuration = guardDuration
  }

  /// Refuses clicks for the guard's duration from `time`, with `reason`.
  mutating func guardClicks(at time: Double, reason: String) {
    guardEnd = time + guardDuration
    guardReason = reason
  }

  /// Records that an action began at `time`.
  mutating func actionBegan(at time: Double) { lastActionTime = time }

  /// What a click at `time` gets.
  func verdict(at time: Double) -> Verdict {
    if time - lastActionTime < cooldown { return .coolingDown }
    if time < guardEnd { return .refused(reason: guardReason) }
    return .allowed
  }
}
