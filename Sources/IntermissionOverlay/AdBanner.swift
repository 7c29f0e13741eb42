import IntermissionAds
import IntermissionCore

/// The banner's lifecycle and geometry, as a value type driven by host time.
///
/// It starts off-screen, just below the bottom edge, and is invisible and unclickable until shown.
/// Showing slides it up with an ease-in-out over `animationDuration` and fades it in; hiding does the
/// reverse. It is clickable only when fully shown.
package struct AdBanner: Hashable, Sendable {
  /// Where the banner is in its lifecycle.
  package enum Phase: Hashable, Sendable {
    /// Below the bottom edge: invisible, unclickable.
    case offscreen
    /// Sliding up since the given host time.
    case slidingIn(since: Double)
    /// In place.
    case shown
    /// Sliding down since the given host time.
    case slidingOut(since: Double)
  }

  /// How long the slide takes, in seconds.
  package static let animationDuration = 0.25

  /// The current phase.
  package private(set) var phase: Phase = .offscreen

  /// Creates an off-screen banner.
  package init() {}

  /// The banner's height for a view `width` wide: 50, or 90 from 728 up.
  package static func height(forWidth width: Double) -> Double {
    width >= 728 ? 90 : 50
  }

  /// Starts sliding in at `time`. Returns true if the banner was not already shown or showing.
  package mutating func show(at time: Double) -> Bool {
    switch phase {
    case .shown, .slidingIn: return false
    case .offscreen:
      phase = .slidingIn(since: time)
    case .slidingOut(let since):
      phase = .slidingIn(since: AdBanner.reversalStart(of: since, at: time))
    }
    return true
  }

  /// Starts sliding out at `time`. Returns true if the banner was on screen or showing.
  package mutating func hide(at time: Double) -> Bool {
    switch phase {
    case .offscreen, .slidingOut: return false
    case .shown:
      phase = .slidingOut(since: time)
    case .slidingIn(let since):
      phase = .slidingOut(since: AdBanner.reversalStart(of: since, at: time))
    }
    return true
  }

  /// When a slide in the other direction must have started for it to be, at `time`, exactly where
  /// the slide started at `since` is: reversing from there keeps the motion continuous (the
  /// ease-in-out curve is symmetric).
  private static func reversalStart(of since: Double, at time: Double) -> Double {
    let done = min(1, (time - since) / animationDuration)
    return time - (1 - done) * animationDuration
  }

  /// Finishes a slide whose time is up.
  /// - Returns: the phase the banner settled in, if it settled at `time`.
  package mutating func settle(at time: Double) -> Phase? {
    switch phase {
    case .slidingIn(let since) where time - since >= AdBanner.animationDuration:
      phase = .shown
      return .shown
    case .slidingOut(let since) where time - since >= AdBanner.animationDuration:
      phase = .offscreen
      return .offscreen
    default:
      return nil
    }
  }

  /// How far the banner is shown at `time`, 0 (off-screen) to 1 (in place), eased.
  package func visibility(at time: Double) -> Double {
    switch phase {
    case .offscreen: 0
    case .shown: 1
    case .slidingIn(let since): Easing.easeInOut((time - since) / AdBanner.animationDuration)
    case .slidingOut(let since): 1 - Easing.easeInOut((time - since) / AdBanner.animationDuration)
    }
  }

  /// Whether the banner is sliding.
  package var isAnimating: Bool {
    switch phase {
    case .slidingIn, .slidingOut: true
    case .offscreen, .shown: false
    }
  }

  /// Whether any of the banner may be on screen.
  package var isOnScreen: Bool { phase != .offscreen }

  /// Whether a click can start an action: only when fully in place.
  package var isClickable: Bool { phase == .shown }

  /// The banner's frame in a view of `size` at `time`: full width, pinned to the bottom, moved down
  /// by its height times what is not yet shown.
  package func frame(in size: Size, at time: Double) -> Rect {
    let height = AdBanner.height(forWidth: size.width)
    let shown = visibility(at: time)
    return Rect(x: 0, y: size.height - height * shown, width: size.width, height: height)
  }

  /// The banner's frame once it is fully shown in a view of `size`.
  package static func restingFrame(in size: Size) -> Rect {
    let height = AdBanner.height(forWidth: size.width)
    return Rect(x: 0, y: size.height - height, width: size.width, height: height)
  }
}
