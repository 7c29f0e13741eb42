import Foundation
import IntermissionTestSupport
import IntermissionTrace
import Testing

/// A trace as a timeline picture and as a Perfetto trace, in process. The pictures are checked by
/// reading the SVG back (each bar's place against the trace's times), the Perfetto file by its
/// structure.
@Suite("Trace timelines")
struct TimelineTests {
  @Test func theTimelinesBarsStandWhereTheTraceSaysEachLaneHeld() throws {
    let svg = TimelinePicture().svg(of: Timeline(TraceLog(text: TraceFixtures.timeline)), title: "fixture")
    let bars = try TraceFixtures.bars(of: svg)
    let tolerance = 0.02  // a hundredth of a pixel's rounding, in seconds, and then some
    func expect(_ lane: String, _ intervals: [(Double, Double)], sourceLocation: SourceLocation = #_sourceLocation) {
      let found = bars.filter { $0.lane == lane }
      #expect(found.count == intervals.count, "\(lane): \(found)", sourceLocation: sourceLocation)
      for (bar, interval) in zip(found, intervals) {
        #expect(
          abs(bar.start - interval.0) < tolerance && abs(bar.end - interval.1) < tolerance, "\(lane): \(bar)",
          sourceLocation: sourceLocation)
      }
    }
    expect("hold: user", [(1.0, 2.5)])
    expect("hold: window", [(3.1, 3.5)])
    expect("hold: ad", [(1.5, 2.0)])
    expect("hold: cutscene", [(4.5, 5.0)])
    expect("running", [(0, 1.0), (2.5, 3.1), (3.5, 4.5), (5.0, 6.0)])
    expect("banner", [(0.5, 0.75), (0.75, 4.0), (4.0, 4.25)])
    expect("viewable", [(0.633333, 1.5), (2.0, 3.1)])
    expect("ad view", [(1.5, 2.0)])
    expect("scenes", [(0, 4.0), (4.0, 5.666667), (5.666667, 6.0)])
    // The lanes in order: the player, the window, the ad, the game's own; then the rest.
    let lanes = svg.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("<text"), line.contains("text-anchor=\"end\"") else { return nil }
      return String(line.split(separator: ">")[1].split(separator: "<")[0])
    }
    #expect(
      lanes == [
        "hold: user", "hold: window", "hold: ad", "hold: cutscene", "running", "banner", "viewable", "ad view",
        "scenes", "input", "clicks", "impressions", "revenue", "rewards", "beacons", "loads",
      ])
    // What an impression earned, on hover; the reward the player watched for, beside its ad.
    #expect(svg.contains("<title>revenue 0.001250 USD (exact, openrtb starfall) at 5.75 s</title>"), "\(svg)")
    #expect(svg.contains("<title>rewardEarned 50 coins (r) at 5.883 s</title>"))
    // A mark of every kind, and a legend; no script anywhere.
    for kind in Timeline.MarkKind.allCases { #expect(svg.contains("data-kind=\"\(kind.rawValue)\""), "\(kind)") }
    #expect(svg.contains("class=\"legend\"") && !svg.contains("<script") && !svg.contains("javascript:"))
    #expect(svg.contains(">frame 60<"), "frame numbers beside the seconds")
    #expect(svg.contains("<line class=\"impression\""), "the impression is marked on the viewable lane")
    #expect(TraceLog(text: TraceFixtures.timeline).problems.isEmpty)
  }

  @Test func thePerfettoTraceHasAnEndForEveryBeginMonotonicTracksAndNames() throws {
    let json = PerfettoTrace.json(of: TraceLog(text: TraceFixtures.timeline))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let events = try #require(object["traceEvents"] as? [[String: Any]])
    var begun: [Int: [String]] = [:]
    var last: [Int: Int] = [:]
    var named: Set<Int> = []
    var used: Set<Int> = []
    for event in events {
      let phase = event["ph"] as? String ?? ""
      let track = event["tid"] as? Int ?? -1
      if phase == "M", event["name"] as? String == "thread_name" { named.insert(track) }
      guard let ts = event["ts"] as? Int else { continue }
      if phase == "C" { continue }
      used.insert(track)
      #expect(ts >= last[track, default: 0], "time runs forward on track \(track)")
      last[track] = ts
      let name = event["name"] as? String ?? ""
      switch phase {
      case "B": begun[track, default: []].append(name)
      case "E": #expect(begun[track]?.popLast() == name, "an E closes its B on track \(track)")
      case "i": #expect(event["args"] is [String: Any] && event["s"] as? String == "t")
      default: Issue.record("unexpected phase \(phase)")
      }
    }
    #expect(begun.values.allSatisfy { $0.isEmpty }, "every B has its E")
    #expect(used.isSubset(of: named), "every track is named")
    #expect(events.contains { $0["ph"] as? String == "C" && ($0["args"] as? [String: Any])?["frame"] as? Int == 90 })
    let click = events.first { $0["name"] as? String == "banner.clicked" }
    #expect(click?["ts"] as? Int == 1_500_000 && (click?["args"] as? [String: Any])?["id"] as? String == "starfall")
    let holds = events.filter { $0["ph"] as? String == "B" && $0["name"] as? String == "user" }
    #expect(holds.count == 1 && holds.first?["ts"] as? Int == 1_000_000)
  }

  @Test func aMalformedLineIsReportedByNumberAndTheRestIsDrawn() throws {
    var lines = TraceFixtures.timeline.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.insert("{\"frame\":61,\"time\":1.01,\"event\":", at: 6)
    lines.insert("not json at all", at: 9)
    let folder = try ScratchFolder.make("trace")
    let input = folder.appendingPathComponent("t.jsonl").path
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: input))
    var told: [String] = []
    let output = folder.appendingPathComponent("t.svg").path
    let code = TraceCommand.main(arguments: ["timeline", input, "-o", output]) { told.append($0) }
    #expect(code == 0)
    #expect(
      told.count == 2 && told[0].contains("t.jsonl:7: not JSON") && told[1].contains("t.jsonl:10: not JSON"), "\(told)")
    let svg = try String(contentsOfFile: output, encoding: .utf8)
    #expect(try TraceFixtures.bars(of: svg).filter { $0.lane == "hold: user" }.count == 1, "the rest is still drawn")
    #expect(
      TraceCommand.main(arguments: ["perfetto", input, "-o", folder.appendingPathComponent("t.json").path]) { _ in }
        == 0)
    // Bad usage is 2; a file that cannot be read or written is 1.
    #expect(TraceCommand.main(arguments: ["picture", input, "-o", output]) { _ in } == 2)
    #expect(TraceCommand.main(arguments: ["timeline", input]) { _ in } == 2)
    #expect(
      TraceCommand.main(arguments: ["timeline", folder.appendingPathComponent("none").path, "-o", output]) { _ in } == 1
    )
    #expect(TraceCommand.main(arguments: ["timeline", input, "-o", "/nonexistent/folder/t.svg"]) { _ in } == 1)
  }

  /// Ten minutes at 60 fps: the player pausing every 20 s, an ad every 30 s, rotations, impressions
  /// and beacons every few seconds, scripted input ten times a second.
  static func tenMinuteTrace() -> String {
    var lines = [
      #"{"frame":0,"time":0.000000,"event":"host.started","width":960,"height":640,"fps":60,"fixedStep":true,"ads":true}"#
    ]
    func add(_ frame: Int, _ event: String, _ fields: String = "") {
      lines.append(
        "{\"frame\":\(frame),\"time\":\(String(format: "%.6f", Double(frame) / 60)),\"event\":\"\(event)\"\(fields)}")
    }
    add(0, "scene.entered", #","name":"Menu""#)
    add(30, "banner.shown", #","reason":"loaded""#)
    for frame in stride(from: 30, to: 36_000, by: 6) {
      add(frame, "input.injected", #","input":"key P""#)
      if frame % 1200 == 0 { add(frame, "pause.held", #","reason":"user""#) }
      if frame % 1200 == 600 { add(frame, "pause.released", #","reason":"user""#) }
      if frame % 1800 == 90 {
        add(frame, "banner.clicked", #","id":"starfall""#)
        add(frame, "pause.held", #","reason":"ad""#)
        add(frame, "action.began", #","id":"starfall","willLeave":false"#)
      }
      if frame % 1800 == 390 {
        add(frame, "action.finished", #","id":"starfall""#)
        add(frame, "pause.released", #","reason":"ad""#)
      }
      if frame % 120 == 0 {
        add(frame, "ad.loaded", #","id":"tidewater""#)
        add(frame, "viewable.start", #","id":"tidewater""#)
      }
      if frame % 120 == 60 {
        add(frame, "impression", #","id":"tidewater""#)
        add(frame, "beacon.sent", #","kind":"impression","id":"tidewater","status":204"#)
        add(frame, "viewable.stop", #","id":"tidewater","reason":"rotated""#)
      }
    }
    add(36_000, "host.stopped", #","reason":"seconds","detail":"600.000000""#)
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func aTenMinuteRunGivesAPictureOfReasonableSize() throws {
    let trace = Self.tenMinuteTrace()
    let log = TraceLog(text: trace)
    #expect(log.records.count > 5000 && log.problems.isEmpty, "\(log.records.count) records")
    let svg = TimelinePicture().svg(of: Timeline(log), title: "ten minutes")
    #expect(svg.utf8.count < 1_000_000, "\(svg.utf8.count) bytes")
    // Marks closer than a few pixels are drawn once, with their count.
    #expect(svg.contains("data-count=\"") && svg.contains(">×"))
    let bars = try TraceFixtures.bars(of: svg)
    let pauses = log.records.filter { $0.event == "pause.held" && $0["reason"] == "user" }.count
    #expect(
      pauses == 29 && bars.filter { $0.lane == "hold: user" }.count == pauses, "one bar per pause, none merged away")
  }
}
