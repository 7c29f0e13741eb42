import Glibc
import IntermissionCore

/// Sleeps to a frame deadline precisely without burning a core: a coarse sleep for all but the
/// last millisecond and a half, then short sleeps to the deadline.
enum FramePacer {
  /// The part of the interval left for fine sleeps.
  static let fineWindow = 0.0015

  /// Sleeps until `clock.now >= deadline`, or until `interrupted()` returns true.
  static func sleep(until deadline: Double, clock: any HostClock, interrupted: () -> Bool) {
    while true {
      let remaining = deadline - clock.now
      if remaining <= 0 || interrupted() { return }
      let step = remaining > fineWindow ? remaining - fineWindow : min(remaining, 0.0002)
      var request = timespec(tv_sec: Int(step), tv_nsec: Int((step - Double(Int(step))) * 1_000_000_000))
      nanosleep(&request, nil)
    }
  }
}
