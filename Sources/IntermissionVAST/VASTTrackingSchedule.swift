/// When a linear ad's trackers fire during one show, each at most once: the quartiles and
/// `progress` offsets when the playhead first passes them in continuous play, and every other
/// event (start, pause, mute, skip, ...) at its first occurrence only.
///
/// It decides; it sends nothing. The player asks it at each step which trackers are due and hands
/// their URLs, with macros filled, to the durable beacon queue.
package struct VASTTrackingSchedule: Sendable {
  /// A moment of continuous play.
  package enum Milestone: Hashable, Sendable {
    /// The first quartile (1), the midpoint (2) or the third quartile (3).
    case quartile(Int)
  }

  /// The trackers of the ad's whole chain.
  package let trackers: VASTTrackers
  /// The ad's length in seconds, which places the quartiles and percentage offsets.
  package let duration: Double
  private var firedEvents: Set<Int> = []
  private var passedQuartiles = 0
  private var firedImpression = false
  private var firedViewability = false

  /// A schedule of `trackers` for an ad of `duration` seconds.
  package init(trackers: VASTTrackers, duration: Double) {
    self.trackers = trackers
    self.duration = max(0, duration)
  }

  /// The Impression URLs of the whole chain, the first time only.
  package mutating func takeImpressions() -> [String] {
    guard !firedImpression else { return [] }
    firedImpression = true
    return trackers.impressions
  }

  /// The `Viewable` (or `NotViewable`) URLs of the chain, the first time either is asked only.
  package mutating func takeViewability(viewable: Bool) -> [String] {
    guard !firedViewability else { return [] }
    firedViewability = true
    return viewable ? trackers.viewable : trackers.notViewable
  }

  /// The ClickTracking URLs: every click is reported (VAST counts clicks, not the first one).
  package var clickTrackings: [String] { trackers.clickTrackings }

  /// The trackers of `kind` not fired yet, now marked as fired.
  package mutating func take(_ kind: VASTTrackingEvent.Kind) -> [VASTTrackingEvent] {
    take { $0.kind == kind }
  }

  /// How many quartiles continuous play passed (0 to 3).
  package var passedQuartileCount: Int { passedQuartiles }

  /// The playhead reached `playhead` in continuous play: the quartile it passed first now, and the
  /// trackers it and the `progress` offsets passed now are due, in playhead order. Quartiles never
  /// arrive together: a playhead that leapt past two passes the next one now and the other at the
  /// next step. A step with nothing due allocates nothing.
  package mutating func advance(to playhead: Double) -> (milestones: [Milestone], due: [VASTTrackingEvent]) {
    guard duration > 0 else { return ([], []) }
    var milestones: [Milestone] = []
    var quartile: (at: Double, trackers: [VASTTrackingEvent])?
    if passedQuartiles < 3, playhead >= duration * Double(passedQuartiles + 1) / 4 - 1e-9 {
      passedQuartiles += 1
      milestones.append(.quartile(passedQuartiles))
      let kind: VASTTrackingEvent.Kind =
        switch passedQuartiles {
        case 1: .firstQuartile
        case 2: .midpoint
        default: .thirdQuartile
        }
      quartile = (duration * Double(passedQuartiles) / 4, take { $0.kind == kind })
    }
    guard hasProgressDue(at: playhead) else { return (milestones, quartile?.trackers ?? []) }
    let length = duration
    // Stable: trackers at the same moment keep the chain's order, a quartile's first.
    let progress = take { event in
      guard event.kind == .progress, let offset = event.offset else { return false }
      return offset.seconds(in: length) <= playhead + 1e-9
    }.compactMap { event in event.offset.map { ($0.seconds(in: length), event) } }.enumerated().sorted {
      ($0.element.0, $0.offset) < ($1.element.0, $1.offset)
    }.map(\.element)
    guard let quartile else { return (milestones, progress.map(\.1)) }
    let before = progress.prefix { $0.0 < quartile.at - 1e-9 }
    return (milestones, before.map(\.1) + quartile.trackers + progress.dropFirst(before.count).map(\.1))
  }

  /// Whether a `progress` tracker not fired yet is due at `playhead`.
  private func hasProgressDue(at playhead: Double) -> Bool {
    for (index, event) in trackers.events.enumerated()
    where event.kind == .progress && !firedEvents.contains(index) {
      if let offset = event.offset, offset.seconds(in: duration) <= playhead + 1e-9 { return true }
    }
    return false
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
