import IntermissionAds
import IntermissionCore

/// The pause/resume bridge between the banner and the director, after the seed's cocos2d-x
/// `AdBanner`: an in-app action stops the director and sets `needsRestore`; when the action
/// finishes, the director is restored only if `needsRestore` was set.
///
/// Unlike the seed's plain stop/start, the bridge holds its pause target (the director, or a
/// game's own `PauseGate`) as `.ad`, one holder among others: a game that the player paused, or
/// that a minimised window stopped, stays stopped after the ad, and resumes only when its last hold
/// is released. It keeps the target weakly: once the target is gone, the bridge does nothing.
package final class AdActionBridge: AdBannerDelegate {
  private weak var target: (any PauseTarget)?

  /// Whether the running action's hold is the bridge's to release when it finishes.
  package private(set) var needsRestore = false

  /// Creates the bridge for `target`.
  package init(pauseTarget target: any PauseTarget) {
    self.target = target
  }

  package func bannerActionShouldBegin(_ ad: AdCreative, willLeaveApplication: Bool) -> Bool {
    if !willLeaveApplication && !needsRestore {
      target?.hold(.ad)
      needsRestore = true
    }
    return true
  }

  package func bannerActionDidFinish(_ ad: AdCreative) {
    guard needsRestore else { return }
    needsRestore = false
    target?.release(.ad)
  }
}
