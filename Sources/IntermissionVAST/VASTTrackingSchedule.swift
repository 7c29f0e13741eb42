/// When a linear ad's trackers fire during one show, each at most once: the quartiles and
/// `progress` offsets when the playhead first passes them in continuous play, and every other
/// event (start, pause, mute, skip, ...) at its first occurrence only.
///
/// It decides; it sends nothing. The player asks it at each step which trackers are due and hands
/// their URLs, with macros filled, to the durable beacon queue.
public struct VASTTrackingSchedule: Sendable {
  /// A moment of continuous play.
  public enum Milestone: Hashable, Sendable {
    /// The first quartile (1), the midpoint (2) or the third quartile (3).
    case quartile(Int)
  }

  /// The trackers of the ad's whole chain.
  public let trackers: VASTTrackers
  /// The ad's length in seconds, which places the quartiles and percentage offsets.
  public let duration: Double
  private var firedEvents: Set<Int> = []
  private var passedQuartiles = 0
  private var firedImpression = false
  private var firedViewability = false

  /// A schedule of `trackers` for an ad of `duration` seconds.
  public init(trackers: VASTTrackers, duration: Double) {
    self.trackers = trackers
    self.duration = max(0, duration)
  }

  /// The Impression URLs of the whole chain, the first time only.
  public mutating func takeImpressions() -> [String] {
    guard !firedImpression else { return [] }
    firedImpression = true
    return trackers.impressions
  }

  /// The `Viewable` (or `NotViewable`) URLs of the chain, the first time either is asked only.
  public mutating func takeViewability(viewable: Bool) -> [String] {
    guard !firedViewability else { return [] }
    firedViewability = true
    return viewable ? trackers.viewable : trackers.notViewable
  }

  /// The ClickTracking URLs: every click is reported (VAST counts clicks, not the first one).
  public var clickTrackings: [String] { trackers.clickTrackings }

  /// The trackers of `kind` not fired yet, now marked as fired.
  public mutating func take(_ kind: VASTTrackingEvent.Kind) -> [VASTTrackingEvent] {
    take { $0.kind == kind }
  }

  /// The playhead reached `playhead` in continuous play: the quartiles it passed first now, and the
  /// trackers they and the `progress` offsets passed now are due, in playhead order.
  public mutating func advance(to playhead: Double) -> (milestones: [Milestone], due: [VASTTrackingEvent]) {
    guard duration > 0 else { return ([], []) }
    var milestones: [Milestone] = []
    var due: [(at: Double, event: VASTTrackingEvent)] = []
    let kinds: [VASTTrackingEvent.Kind] = [.firstQuartile, .midpoint, .thirdQuartile]
    while passedQuartiles < 3, playhead >= duration * Double(passedQuartiles + 1) / 4 - 1e-9 {
      passedQuartiles += 1
      milestones.append(.quartile(passedQuartiles))
      let at = duration * Double(passedQuartiles) / 4
      let kind = kinds[passedQuartiles - 1]
      due += take { $0.kind == kind }.map { (at, $0) }
    }
    let length = duration
    due += take { event in
      guard event.kind == .progress, let offset = event.offset else { return false }
      return offset.seconds(in: length) <= playhead + 1e-9
    }.map { ($0.offset!.seconds(in: length), $0) }
    // Stable: trackers at the same moment keep the chain's order.
    let ordered = due.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
    return (milestones, ordered.map(\.element.event))
  }

  private mutating func take(where matches: (VASTTrackingEvent) -> Bool) -> [VASTTrackingEvent] {
    var taken: [VASTTrackingEvent] = []
    for (index, event) in trackers.events.enumerated() where !firedEvents.contains(index) && matches(event) {
      firedEvents.insert(index)
      taken.append(event)
    }
    return taken
  }
}
