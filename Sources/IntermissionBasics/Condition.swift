#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutex with a condition variable, on the monotonic clock, without Foundation: for state that a
/// background thread hands to the loop.
package final class Condition: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  /// Creates an unlocked condition.
  package init() {
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Locks the mutex.
  package func lock() { pthread_mutex_lock(mutex) }

  /// Unlocks the mutex.
  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` with the mutex locked.
  package func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Waits, with the mutex locked, until woken or `seconds` pass (spurious wake-ups possible: check
  /// the state again). The mutex is locked again when it returns.
  package func wait(seconds: Double) {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let total = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + max(0, seconds)
    var deadline = timespec(tv_sec: Int(total), tv_nsec: Int((total - Double(Int(total))) * 1e9))
    pthread_cond_timedwait(condition, mutex, &deadline)
  }

  /// Waits, with the mutex locked, until woken (spurious wake-ups possible: check the state again).
  /// The mutex is locked again when it returns.
  package func wait() { pthread_cond_wait(condition, mutex) }

  /// Wakes every waiter.
  package func broadcast() { pthread_cond_broadcast(condition) }
}
