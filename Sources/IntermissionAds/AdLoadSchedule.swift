import IntermissionBasics

/// When the overlay loads ads: the first load at once; the next rotation after the current ad was
/// viewable for a refresh interval (time while it is not viewable does not count); a retry after a
/// failure with exponential backoff; nothing while something keeps the banner from rotating. A
/// value type with the rules and no clock of its own.
package struct AdLoadSchedule: Hashable, Sendable {
  /// The rotation position of the next load.
  package private(set) var nextSequence = 0
  /// When the load under way is due, or nil when none is.
  package private(set) var dueTime: Double?
  /// Viewable seconds left before the next rotation, once an ad was delivered.
  package private(set) var viewableTimeUntilRotation: Double?
  /// When a failed load is retried (host time), once a load failed.
  package private(set) var retryTime: Double?
  /// Failed loads in a row.
  package private(set) var consecutiveFailures = 0
  private var hasStarted = false
  private var backoff: RetryBackoff

  /// Creates a schedule whose first load is due at the first update; retries jitter by `backoff`.
  package init(backoff: RetryBackoff = RetryBackoff()) { self.backoff = backoff }

  /// Whether a load should start at `time`: the first update, a retry whose time came, or a rotation
  /// whose viewable time is used up, unless something suspends rotation.
  package func shouldLoad(at time: Double, suspended: Bool) -> Bool {
    if !hasStarted { return true }
    guard dueTime == nil, !suspended else { return false }
    if let retryTime { return time >= retryTime }
    if let viewableTimeUntilRotation { return viewableTimeUntilRotation <= 1e-9 }
    return false
  }

  /// Records a load requested at `time`, due `latency` later, and returns its rotation position.
  package mutating func requestLoad(at time: Double, latency: Double) -> Int {
    hasStarted = true
    dueTime = time + latency
    retryTime = nil
    viewableTimeUntilRotation = nil
    defer { nextSequence += 1 }
    return nextSequence
  }

  /// Whether the load under way is due at `time`.
  package func isDue(at time: Double) -> Bool {
    guard let dueTime else { return false }
    return time >= dueTime
  }

  /// Records the delivery of the load under way; the next rotation comes after `refreshInterval`
  /// seconds of viewable time.
  package mutating func delivered(refreshInterval: Double) {
    dueTime = nil
    consecutiveFailures = 0
    viewableTimeUntilRotation = refreshInterval
  }

  /// Records the failure of the load under way at `time`; it is retried after the backoff from
  /// `refreshInterval`.
  package mutating func failed(at time: Double, refreshInterval: Double) {
    dueTime = nil
    consecutiveFailures += 1
    retryTime = time + backoff.delay(afterFailures: consecutiveFailures, base: refreshInterval)
  }

  /// The current ad expired unshown at `time` (a bought ad's bid): a new one loads at once.
  package mutating func expired(at time: Double) {
    guard dueTime == nil else { return }
    viewableTimeUntilRotation = nil
    retryTime = time
  }

  /// Counts `seconds` during which the current ad was viewable towards its rotation.
  package mutating func addViewableTime(_ seconds: Double) {
    if let remaining = viewableTimeUntilRotation { viewableTimeUntilRotation = remaining - seconds }
  }

  /// The next time the schedule has work to do, for a host that sleeps: the due load, the retry, or
  /// (while the ad is viewable from `now` on) the rotation.
  package func nextWakeTime(suspended: Bool, viewableFrom now: Double?) -> Double? {
    if let dueTime { return dueTime }
    guard !suspended else { return nil }
    if let retryTime { return retryTime }
    if let now, let remaining = viewableTimeUntilRotation { return now + max(0, remaining) }
    return nil
  }
}
