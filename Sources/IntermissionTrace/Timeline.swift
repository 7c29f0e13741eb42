import IntermissionCore

/// A run as lanes on a time axis, built from its trace: who held the game and when, whether it ran,
/// the banner's state, when it was viewable, the open ad view, the scenes, and the marks (clicks,
/// scripted input, impressions, what they earned, rewards, beacons, loads).
package struct Timeline: Sendable {
  /// Something that lasted, on a lane.
  package struct Interval: Hashable, Sendable {
    /// When it began, in host seconds.
    package var start: Double
    /// When it ended, in host seconds.
    package var end: Double
    /// What it was: a reason, a banner state, an ad's id, a scene's name.
    package var label: String
  }

  /// What a lane shows.
  package enum LaneKind: String, Sendable, CaseIterable {
    case hold, running, banner, viewable, adView, scene
  }

  /// A row of intervals.
  package struct Lane: Sendable {
    /// The lane's name, as the picture labels it (`hold: user`, `running`, `banner`, ...).
    package let name: String
    /// What it shows.
    package let kind: LaneKind
    /// Its intervals, in time order.
    package let intervals: [Interval]
  }

  /// What a mark is.
  package enum MarkKind: String, Sendable, CaseIterable {
    case click, refusedClick, input, impression, beaconSent, beaconFailed, beaconDropped, adLoaded, adFailed
    /// An impression's `ad.revenue`, labelled with its value and currency.
    case revenue
    /// A rewarded ad's countdown completed, its reward handed over, or its reward given up.
    case rewardCompleted, rewardEarned, rewardForfeited
  }

  /// Something that happened at a moment.
  package struct Mark: Hashable, Sendable {
    /// When, in host seconds.
    package let time: Double
    /// What.
    package let kind: MarkKind
    /// Its details, for a tooltip (`key Escape`, `starfall`, ...).
    package let label: String
  }

  /// How long the banner takes to slide in or out (`AdBanner.animationDuration`).
  package static let slideDuration = 0.25

  /// The run's first and last host times.
  package let start: Double
  /// The run's last host time.
  package let end: Double
  /// Frames per second of host time, from `host.started` or the records themselves.
  package let fps: Double
  /// The lanes: one per pause reason, then running, banner, viewable, ad view, scenes.
  package let lanes: [Lane]
  /// The marks, in time order.
  package let marks: [Mark]

  /// Builds the timeline of `log`. Holds come from `pause.held` and `pause.released`; a trace
  /// written before those existed is read from `director.paused`, `director.resumed`,
  /// `game.paused` and `game.resumed` instead (each reason's bar then runs from the pause it caused
  /// to the next resume).
  package init(_ log: TraceLog) {
    let records = log.records
    start = min(0, records.first?.time ?? 0)
    end = max(records.map(\.time).max() ?? 0, start)
    if let started = records.first(where: { $0.traceEvent == .hostStarted }),
      let rate = started["fps"].flatMap(Double.init),
      rate > 0
    {
      fps = rate
    } else if let last = records.last(where: { $0.time > 0 }) {
      fps = Double(last.frame) / last.time
    } else {
      fps = 60
    }
    var builder = LaneBuilder(end: end)
    let hasHoldEvents = records.contains { $0.traceEvent == .pauseHeld || $0.traceEvent == .pauseReleased }
    var marks: [Mark] = []
    for record in records {
      builder.read(record, holdsFromPauses: !hasHoldEvents)
      if let mark = Timeline.mark(of: record) { marks.append(mark) }
    }
    lanes = builder.lanes(from: start)
    self.marks = marks
  }

  /// The frame at `time`, as the run's frame rate gives it.
  package func frame(at time: Double) -> Int { Int((time * fps).rounded()) }

  private static func mark(of record: TraceLog.Record) -> Mark? {
    let id = record["id"] ?? ""
    switch record.traceEvent {
    case .bannerClicked, .fullscreenClicked, .ctaClicked: return Mark(time: record.time, kind: .click, label: id)
    case .bannerClickRefused:
      return Mark(time: record.time, kind: .refusedClick, label: id + " (" + (record["reason"] ?? "") + ")")
    case .inputInjected: return Mark(time: record.time, kind: .input, label: record["input"] ?? "")
    case .impression: return Mark(time: record.time, kind: .impression, label: id)
    case .beaconSent: return Mark(time: record.time, kind: .beaconSent, label: (record["kind"] ?? "") + " " + id)
    case .beaconFailed:
      return Mark(
        time: record.time, kind: .beaconFailed,
        label: (record["kind"] ?? "") + " " + id + ": " + (record["reason"] ?? ""))
    case .beaconDropped:
      return Mark(
        time: record.time, kind: .beaconDropped,
        label: (record["kind"] ?? "") + " " + id + ": " + (record["reason"] ?? ""))
    case .adLoaded: return Mark(time: record.time, kind: .adLoaded, label: id)
    case .adFailed: return Mark(time: record.time, kind: .adFailed, label: record["error"] ?? "")
    case .adRevenue:
      let value = (record["revenue"] ?? "?") + " " + (record["currency"] ?? "")
      let pending = record["pending"] == "true" ? ", pending" : ""
      return Mark(
        time: record.time, kind: .revenue,
        label: value + " (" + (record["precision"] ?? "") + ", " + (record["source"] ?? "") + " " + id + pending + ")")
    case .rewardedCompleted: return Mark(time: record.time, kind: .rewardCompleted, label: id)
    case .rewardedEarned:
      let pending = record["pending"] == "true" ? ", pending" : ""
      return Mark(
        time: record.time, kind: .rewardEarned,
        label: (record["amount"] ?? "") + " " + (record["type"] ?? "") + " (" + id + pending + ")")
    case .rewardedForfeited:
      return Mark(time: record.time, kind: .rewardForfeited, label: id + (record["reason"].map { " (\($0))" } ?? ""))
    default: return nil
    }
  }
}

/// Reads records in order and keeps what is open on each lane.
private struct LaneBuilder {
  let end: Double
  var holdOrder: [String] = []
  var openHolds: [String: Double] = [:]
  var holds: [String: [Timeline.Interval]] = [:]
  var banner: [Timeline.Interval] = []
  var bannerShownAt: Double?
  var viewable: [Timeline.Interval] = []
  var viewableSince: (time: Double, id: String)?
  var adView: [Timeline.Interval] = []
  var adViewSince: (time: Double, id: String)?
  var scenes: [Timeline.Interval] = []
  var sceneSince: (time: Double, name: String)?

  init(end: Double) { self.end = end }

  /// `event`, with the names that traces written before `game.paused` and `game.resumed` gave a
  /// pause and a resume (`director.paused`, `director.resumed`) read as those. Intermission no
  /// longer writes them, so they are not in the table; only the timeline reads them.
  static func readingOldNames(_ event: TraceEvent) -> TraceEvent {
    switch event.name {
    case "director.paused": .gamePaused
    case "director.resumed": .gameResumed
    default: event
    }
  }

  mutating func read(_ record: TraceLog.Record, holdsFromPauses: Bool) {
    let time = record.time
    switch Self.readingOldNames(record.traceEvent) {
    case .pauseHeld: hold(record["reason"] ?? "?", at: time)
    case .pauseReleased: release(record["reason"] ?? "?", at: time)
    case .gamePaused:
      if holdsFromPauses { hold(record["reason"] ?? "?", at: time) }
    case .gameResumed:
      if holdsFromPauses { for reason in openHolds.keys.sorted() { release(reason, at: time) } }
    case .bannerShown:
      guard bannerShownAt == nil else { break }
      bannerShownAt = time
      closeSlide(at: time)
      banner.append(Timeline.Interval(start: time, end: time + Timeline.slideDuration, label: "sliding"))
    case .bannerHidden:
      guard let shown = bannerShownAt else { break }
      bannerShownAt = nil
      closeSlide(at: time)
      if time > shown + Timeline.slideDuration {
        banner.append(Timeline.Interval(start: shown + Timeline.slideDuration, end: time, label: "shown"))
      }
      banner.append(Timeline.Interval(start: time, end: time + Timeline.slideDuration, label: "sliding"))
    // The banner's viewability; a full-screen ad's lines carry its format.
    case .viewableStart where record["format"] == nil: viewableSince = (time, record["id"] ?? "")
    case .viewableStop where record["format"] == nil:
      if let since = viewableSince { viewable.append(Timeline.Interval(start: since.time, end: time, label: since.id)) }
      viewableSince = nil
    case .actionBegan where record["willLeave"] != "true": adViewSince = (time, record["id"] ?? "")
    // A full-screen ad is an ad view too, labelled with its format.
    case .fullscreenShown: adViewSince = (time, (record["format"] ?? "") + " " + (record["id"] ?? ""))
    case .actionFinished, .fullscreenDismissed:
      if let since = adViewSince { adView.append(Timeline.Interval(start: since.time, end: time, label: since.id)) }
      adViewSince = nil
    case .sceneEntered:
      if let since = sceneSince { scenes.append(Timeline.Interval(start: since.time, end: time, label: since.name)) }
      sceneSince = (time, record["name"] ?? "")
    default: break
    }
  }

  /// A slide under way when the banner turns again ends there.
  private mutating func closeSlide(at time: Double) {
    if let last = banner.last, last.label == "sliding", last.end > time { banner[banner.count - 1].end = time }
  }

  private mutating func hold(_ reason: String, at time: Double) {
    guard openHolds[reason] == nil else { return }
    if !holdOrder.contains(reason) { holdOrder.append(reason) }
    openHolds[reason] = time
  }

  private mutating func release(_ reason: String, at time: Double) {
    guard let since = openHolds.removeValue(forKey: reason) else { return }
    holds[reason, default: []].append(Timeline.Interval(start: since, end: time, label: reason))
  }

  /// The lanes, with whatever is still open closed at the end of the run.
  mutating func lanes(from start: Double) -> [Timeline.Lane] {
    for reason in openHolds.keys.sorted() { release(reason, at: end) }
    if let shown = bannerShownAt, end > shown + Timeline.slideDuration {
      banner.append(Timeline.Interval(start: shown + Timeline.slideDuration, end: end, label: "shown"))
    }
    banner = banner.map { Timeline.Interval(start: $0.start, end: min($0.end, end), label: $0.label) }
    if let since = viewableSince { viewable.append(Timeline.Interval(start: since.time, end: end, label: since.id)) }
    if let since = adViewSince { adView.append(Timeline.Interval(start: since.time, end: end, label: since.id)) }
    if let since = sceneSince { scenes.append(Timeline.Interval(start: since.time, end: end, label: since.name)) }
    // The well-known reasons first, then a game's own in the order they first held.
    let known = ["user", "window", "ad"]
    let order = known.filter { holds[$0] != nil } + holdOrder.filter { !known.contains($0) }
    var lanes = order.map { Timeline.Lane(name: "hold: \($0)", kind: .hold, intervals: holds[$0] ?? []) }
    lanes.append(Timeline.Lane(name: "running", kind: .running, intervals: running(from: start)))
    lanes.append(Timeline.Lane(name: "banner", kind: .banner, intervals: banner))
    lanes.append(Timeline.Lane(name: "viewable", kind: .viewable, intervals: viewable))
    lanes.append(Timeline.Lane(name: "ad view", kind: .adView, intervals: adView))
    lanes.append(Timeline.Lane(name: "scenes", kind: .scene, intervals: scenes))
    return lanes
  }

  /// Where no hold was on: the game ran.
  private func running(from start: Double) -> [Timeline.Interval] {
    let held = holds.values.joined().sorted { $0.start < $1.start }
    var intervals: [Timeline.Interval] = []
    var cursor = start
    for interval in held {
      if interval.start > cursor {
        intervals.append(Timeline.Interval(start: cursor, end: interval.start, label: "running"))
      }
      cursor = max(cursor, interval.end)
    }
    if end > cursor { intervals.append(Timeline.Interval(start: cursor, end: end, label: "running")) }
    return intervals
  }
}
