import IntermissionAds
import IntermissionCore

/// The overlay's holds on its pause target (the director, or a game's own `PauseGate`), kept
/// weakly: the `.ad` hold of a full-screen ad, and the `.window` hold that follows the window as it
/// stands after a frame's events. The banner's in-app action holds `.ad` through its delegate
/// (`AdActionBridge`); the two never overlap, since neither can open over the other.
final class AdHolds {
  private weak var target: (any PauseTarget)?
  private var pendingWindowMinimized: Bool?

  /// Holds for `target`.
  init(target: any PauseTarget) { self.target = target }

  /// Whether the window is minimised or hidden: the target's `.window` hold.
  var isWindowMinimized: Bool { target?.isHeld(by: .window) ?? false }

  /// Holds `.window` while `minimized`, and releases it otherwise.
  func setWindowMinimized(_ minimized: Bool) {
    if minimized { target?.hold(.window) } else { target?.release(.window) }
  }

  /// Notes the window's state from one of a frame's events; `applyWindowState()` applies the last.
  func noteWindowMinimized(_ minimized: Bool) { pendingWindowMinimized = minimized }

  /// Applies the window state the frame's events left, if they changed it.
  func applyWindowState() {
    guard let minimized = pendingWindowMinimized else { return }
    pendingWindowMinimized = nil
    if minimized != isWindowMinimized { setWindowMinimized(minimized) }
  }

  /// Holds the target as `.ad` while a full-screen ad is open.
  func holdForFullscreen() { target?.hold(.ad) }

  /// Releases the full-screen ad's `.ad` hold; the game runs again only if nothing else holds it.
  func releaseFullscreen() { target?.release(.ad) }

  /// Holds the target as `.consent` while the consent form is open.
  func holdForConsent() { target?.hold(.consent) }

  /// Releases the consent form's hold; the game runs again only if nothing else holds it.
  func releaseConsent() { target?.release(.consent) }
}
