/// When the overlay loads ads: the first load at once, each later one a refresh interval after the
/// previous delivery, suspended while something keeps the banner from rotating; a value type with
/// the rules and no clock of its own.
public struct AdLoadSchedule: Hashable, Sendable {
  /// The rotation position of the next load.
  public private(set) var nextSequence = 0
  /// When the load under way is due, or nil when none is.
  public private(set) var dueTime: Double?
  /// When the next rotation may start, once the current ad was delivered.
  public private(set) var refreshTime: Double?
  private var hasStarted = false

  /// Creates a schedule whose first load is due at the first update.
  public init() {}

  /// Whether a load should start at `time`: the first update, or an overdue rotation that nothing
  /// suspends.
  public func shouldLoad(at time: Double, suspended: Bool) -> Bool {
    if !hasStarted { return true }
    guard let rotation = rotationTime(suspended: suspended) else { return false }
    return time >= rotation
  }

  /// Records a load requested at `time`, due `latency` later, and returns its rotation position.
  public mutating func requestLoad(at time: Double, latency: Double) -> Int {
    hasStarted = true
    dueTime = time + latency
    refreshTime = nil
    defer { nextSequence += 1 }
    return nextSequence
  }

  /// Whether the load under way is due at `time`.
  public func isDue(at time: Double) -> Bool {
    guard let dueTime else { return false }
    return time >= dueTime
  }

  /// Records the delivery of the load under way at `time`; the next rotation may start
  /// `refreshInterval` later.
  public mutating func delivered(at time: Double, refreshInterval: Double) {
    dueTime = nil
    refreshTime = time + refreshInterval
  }

  /// When the next rotation may start: nil while a load is under way or rotation is suspended (an
  /// overdue rotation then runs as soon as that ends).
  public func rotationTime(suspended: Bool) -> Double? {
    guard dueTime == nil, !suspended else { return nil }
    return refreshTime
  }

  /// The next time the schedule has work to do, for a host that sleeps.
  public func nextWakeTime(suspended: Bool) -> Double? {
    dueTime ?? rotationTime(suspended: suspended)
  }
}
