#if canImport(Glibc)
  import Glibc
#endif

/// The time of day, in Unix seconds: when beacons were recorded, when they expire, and their `ts`.
/// Never used for frame timing (that is the host's clock).
public enum WallClock {
  /// Unix seconds now.
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
