import IntermissionCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The time one ad load may spend on its steps (a bid request, a win notice, each wrapper of a
/// VAST chain, the media file), shared by all of them, and the switch that cancels them.
///
/// `AdLoader` gives every load a budget that ends `reserve(ofLoad:)` seconds before the load's
/// deadline, so that a step that runs out of time fails as itself (a wrapper with VAST error 301,
/// the media file with 402) and the load still reports that before the loader gives up on it. The
/// loader cancels the budget of a load it gave up on, which stops its transfers.
///
/// The budget of the load running on a thread is that thread's `current` one: every transfer of
/// IntermissionNet's `HTTPClient` on that thread takes at most what is left of it, and stops when
/// it is cancelled.
package final class LoadBudget: Sendable {
  /// When the steps must be done, on `MonotonicClock.readSeconds()`'s clock.
  package let end: Double
  private let cancelled = Atomic<Bool>(false)

  /// Creates a budget of `seconds` from now.
  package init(seconds: Double) {
    end = MonotonicClock.readSeconds() + max(0, seconds)
  }

  /// A load's budget: its deadline `loadTimeout` from now, less the reserve.
  package convenience init(loadTimeout: Double) {
    self.init(seconds: loadTimeout - LoadBudget.reserve(ofLoad: loadTimeout))
  }

  /// The time a load keeps after its steps' budget, to report how they ended: one second, or a
  /// fifth of a load shorter than five seconds.
  package static func reserve(ofLoad timeout: Double) -> Double { min(1, max(0, timeout) / 5) }

  /// The seconds left; none once cancelled.
  package var remaining: Double { isCancelled ? 0 : max(0, end - MonotonicClock.readSeconds()) }

  /// Whether the load was given up on.
  package var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  /// Gives the load up: its transfers stop, and later ones fail at once.
  package func cancel() { cancelled.store(true, ordering: .releasing) }

  /// The budget of the load that runs on this thread, if any.
  package static var current: LoadBudget? {
    guard let pointer = pthread_getspecific(currentBudgetKey) else { return nil }
    return Unmanaged<LoadBudget>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Runs `body` with this budget as the thread's `current` one.
  package func run<T>(_ body: () throws -> T) rethrows -> T {
    let previous = pthread_getspecific(currentBudgetKey)
    pthread_setspecific(currentBudgetKey, Unmanaged.passUnretained(self).toOpaque())
    defer { pthread_setspecific(currentBudgetKey, previous) }
    return try withExtendedLifetime(self) { try body() }
  }
}

/// The thread-specific slot of `LoadBudget.current`.
private let currentBudgetKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()
