import Glibc
import IntermissionBasics
import IntermissionCore

/// Joins the decoding threads of stopped video queues, off the game's loop. A stopped worker frees
/// its decoder on its way out (FFmpeg's frame pools, megabytes, given back with `malloc_trim`),
/// which can take longer than a frame: the loop only tells it to stop and hands it here. One
/// thread, started at the first stop and kept for the process (a thread ending now and then would
/// race a `fork` of the browser's launch, as `AudioDeviceCloser` says).
enum DecoderThreadReaper {
  /// Guards the state below, and tells the reaping thread of a worker and `finish()` of a join.
  private static let condition = Condition()
  nonisolated(unsafe) private static var workers: [pthread_t] = []
  nonisolated(unsafe) private static var joining = 0
  nonisolated(unsafe) private static var reaper: pthread_t?

  /// Hands the stopped `worker` over to be joined; joins it here if the reaping thread cannot start.
  static func join(_ worker: pthread_t) {
    guard startThread() else {
      pthread_join(worker, nil)
      return
    }
    condition.withLock {
      workers.append(worker)
      condition.broadcast()
    }
  }

  /// Waits until every worker handed over has ended.
  /// - Returns: the thread that joined them; nil when none was ever handed over.
  static func finish() -> pthread_t? {
    condition.withLock {
      while !workers.isEmpty || joining > 0 { condition.wait() }
      return reaper
    }
  }

  /// Waits, at most `timeout` seconds, until every worker handed over has ended.
  /// - Returns: whether they all ended.
  static func finish(timeout: Double) -> Bool {
    let end = MonotonicClock.readSeconds() + timeout
    return condition.withLock {
      while !workers.isEmpty || joining > 0 {
        let now = MonotonicClock.readSeconds()
        guard now < end else { return false }
        condition.wait(seconds: end - now)
      }
      return true
    }
  }

  /// Starts the reaping thread unless it runs; false when it cannot start.
  private static func startThread() -> Bool {
    condition.withLock {
      guard reaper == nil else { return true }
      var thread = pthread_t()
      guard pthread_create(&thread, nil, { _ in DecoderThreadReaper.reapForever() }, nil) == 0 else { return false }
      pthread_detach(thread)
      reaper = thread
      return true
    }
  }

  private static func reapForever() -> Never {
    while true {
      let worker = condition.withLock {
        while workers.isEmpty { condition.wait() }
        joining += 1
        return workers.removeFirst()
      }
      pthread_join(worker, nil)
      condition.withLock {
        joining -= 1
        condition.broadcast()
      }
    }
  }
}
