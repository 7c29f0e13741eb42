import Glibc
import IntermissionCore

/// Sleeps to a frame deadline without burning a core: one absolute `clock_nanosleep` on the
/// monotonic clock, as a C game loop would, woken early only by a signal.
enum FramePacer {
  /// Sleeps until `clock.now >= deadline`, or until `interrupted()` returns true after a signal.
  static func sleep(until deadline: Double, clock: any HostClock, interrupted: () -> Bool) {
    let remaining = deadline - clock.now
    if remaining <= 0 || interrupted() { return }
    let target = MonotonicClock.readSeconds() + remaining
    var request = timespec(tv_sec: Int(target), tv_nsec: Int((target - Double(Int(target))) * 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil) == EINTR {
      if interrupted() { return }
    }
  }
}
