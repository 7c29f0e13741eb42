/// The host's source of time, in seconds since the host started. Injected so tests control time.
public protocol HostClock: AnyObject {
  /// The current host time in seconds.
  var now: Double { get }

  /// Whether time advances only by `advanceFrame()`: the loop then never sleeps or idles, and the
  /// same inputs give the same frames.
  var isFixedStep: Bool { get }

  /// Ends a frame: the fixed-step clock advances by exactly one frame; the real clock does nothing.
  func advanceFrame()
}
