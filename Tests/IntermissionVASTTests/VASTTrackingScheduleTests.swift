import IntermissionVAST
import Testing

@Suite("VAST tracking schedule")
struct VASTTrackingScheduleTests {
  /// Trackers for each quartile and a `progress` at 1.5 s and at 60 %, each URL its name.
  static func schedule(duration: Double = 4) -> VASTTrackingSchedule {
    var trackers = VASTTrackers()
    trackers.events = [
      VASTTrackingEvent(kind: .firstQuartile, url: "q1"), VASTTrackingEvent(kind: .midpoint, url: "q2"),
      VASTTrackingEvent(kind: .thirdQuartile, url: "q3"),
      VASTTrackingEvent(kind: .progress, offset: .seconds(1.5), url: "p1.5"),
      VASTTrackingEvent(kind: .progress, offset: .fraction(0.6), url: "p60"),
      VASTTrackingEvent(kind: .complete, url: "complete"),
    ]
    return VASTTrackingSchedule(trackers: trackers, duration: duration)
  }

  /// A playhead that leaps from 0 to the end (a stalled loop) passes one quartile per step, each
  /// with its own trackers, never the three together; progress offsets come in playhead order.
  @Test func aLeapingPlayheadPassesOneQuartilePerStep() {
    var schedule = Self.schedule()
    var steps: [[String]] = []
    for _ in 0..<4 {
      let step = schedule.advance(to: 4)
      steps.append(step.milestones.map { "quartile \($0)" } + step.due.map(\.url))
    }
    #expect(
      steps == [
        ["quartile quartile(1)", "q1", "p1.5", "p60"], ["quartile quartile(2)", "q2"],
        ["quartile quartile(3)", "q3"], [],
      ])
    #expect(schedule.passedQuartileCount == 3)
    #expect(schedule.take(.complete).map(\.url) == ["complete"])
  }

  /// At 60 steps a second, each quartile and offset at the step that first reaches it, in order.
  @Test func continuousPlayPassesEachAtItsStep() {
    var schedule = Self.schedule()
    var fired: [String] = []
    for frame in 0...240 {
      let step = schedule.advance(to: Double(frame) / 60)
      fired += step.milestones.map { "\(frame) \($0)" } + step.due.map { "\(frame) \($0.url)" }
    }
    #expect(
      fired == [
        "60 quartile(1)", "60 q1", "90 p1.5", "120 quartile(2)", "120 q2", "144 p60", "180 quartile(3)", "180 q3",
      ])
  }
}
