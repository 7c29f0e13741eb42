import IntermissionCore

/// Whether the banner's ad is viewable, and when its impression counts: the MRC/IAB display
/// standard, at least half of the banner's pixels inside the window and uncovered for at least one
/// continuous second of host time, counted at most once per display of an ad. A value type driven
/// by the overlay at each update.
package struct Viewability: Hashable, Sendable {
  /// The share of pixels that must be in view.
  package static let requiredShare = 0.5
  /// The continuous seconds they must stay in view.
  package static let requiredDuration = 1.0

  /// Why the ad is not viewable.
  package enum Obstruction: String, Hashable, Sendable {
    /// The window is minimised or hidden.
    case minimized
    /// Something covers the banner: the open in-app ad view, or a full-screen ad.
    case covered
    /// Less than half of the banner is in the window: sliding, hidden, or no ad.
    case offscreen
    /// The display ended: another ad took the banner's place.
    case rotated
    /// The full-screen view closed.
    case dismissed
  }

  /// What an update changed.
  package enum Change: Hashable, Sendable {
    /// The ad became viewable.
    case started
    /// The ad stopped being viewable, and why.
    case stopped(Obstruction)
    /// The ad was viewable long enough: its impression counts now.
    case impression
  }

  /// Since when the ad has been viewable without a break, if it is now.
  package private(set) var viewableSince: Double?
  /// Whether this display's impression was counted.
  package private(set) var isCounted = false

  /// Creates the state of a banner with nothing viewable.
  package init() {}

  /// Whether the ad is viewable now.
  package var isViewable: Bool { viewableSince != nil }

  /// When the impression will count if nothing changes, for a host that sleeps.
  package var impressionTime: Double? {
    guard let viewableSince, !isCounted else { return nil }
    return viewableSince + Viewability.requiredDuration
  }

  /// Moves to `time`, where `obstruction` says why the ad is not viewable (nil: it is).
  /// - Returns: what changed, if anything (at most one change per update: a start, a stop, or the
  ///   impression a second after the start).
  package mutating func update(at time: Double, obstruction: Obstruction?) -> Change? {
    if let obstruction {
      guard viewableSince != nil else { return nil }
      viewableSince = nil
      return .stopped(obstruction)
    }
    guard let since = viewableSince else {
      viewableSince = time
      return .started
    }
    if !isCounted && time - since >= Viewability.requiredDuration - 1e-9 {
      isCounted = true
      return .impression
    }
    return nil
  }

  /// Starts a new display (another ad, or the same one again): its impression has not counted yet.
  /// - Returns: `.stopped(.rotated)` if the previous display was viewable, which ends its run.
  package mutating func beginDisplay() -> Change? {
    isCounted = false
    guard viewableSince != nil else { return nil }
    viewableSince = nil
    return .stopped(.rotated)
  }

  /// The share of a banner at `frame` that lies inside a view of `height` points, 0 to 1.
  package static func visibleShare(of frame: Rect, inViewOfHeight height: Double) -> Double {
    guard frame.height > 0 else { return 0 }
    let visible = min(frame.maxY, height) - max(frame.minY, 0)
    return max(0, min(1, visible / frame.height))
  }
}
