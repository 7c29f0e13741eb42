#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that threads share, guarded by a pthread mutex.
///
/// This stands where `Synchronization.Mutex` would: on Linux that mutex waits on a futex of its own,
/// which ThreadSanitizer cannot see, so every access it guards is reported as a race. A pthread
/// mutex is one that the sanitizer knows. The value lives behind a pointer rather than in a stored
/// property, since the runtime's exclusivity checks on an `inout` stored property of a generic
/// class are reported to ThreadSanitizer as accesses outside the lock.
package final class Locked<Value>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let value: UnsafeMutablePointer<Value>

  /// Creates an unlocked guard around `value`.
  package init(_ value: Value) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` with the mutex locked, handing it the value to read or change.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value.pointee)
  }
}
