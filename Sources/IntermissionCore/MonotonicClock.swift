#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real clock: `CLOCK_MONOTONIC`, counted from the clock's creation.
public final class MonotonicClock: HostClock {
  private let start: Double

  /// Creates a clock whose time is 0 now.
  public init() {
    start = MonotonicClock.readSeconds()
  }

  /// Seconds since the clock was created.
  public var now: Double { MonotonicClock.readSeconds() - start }

  /// Always false.
  public var isFixedStep: Bool { false }

  /// Does nothing: real time advances by itself.
  public func advanceFrame() {}

  /// The raw monotonic time in seconds.
  public static func readSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
  }
}
