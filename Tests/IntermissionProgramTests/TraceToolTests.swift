import Foundation
import IntermissionTestSupport
import IntermissionTrace
import Testing

/// `intermission-trace`: a trace as a timeline picture and as a Perfetto trace. The pictures are
/// checked by reading the SVG back (each bar's place against the trace's times), the Perfetto file
/// by its structure.
@Suite("Trace timelines")
struct TraceToolTests {
  /// A run with every lane: the player's pause outlives an ad, a minimise, a game's own hold, the
  /// banner in and out, viewability and an impression, two scenes, and marks of every kind.
  static let fixture = """
    {"frame":0,"time":0.000000,"event":"host.started","width":960,"height":640,"fps":60,"fixedStep":true,"ads":true}
    {"frame":0,"time":0.000000,"event":"scene.entered","name":"Menu"}
    {"frame":30,"time":0.500000,"event":"ad.loaded","id":"starfall"}
    {"frame":30,"time":0.500000,"event":"banner.shown","reason":"loaded"}
    {"frame":38,"time":0.633333,"event":"viewable.start","id":"starfall"}
    {"frame":60,"time":1.000000,"event":"input.injected","input":"key P"}
    {"frame":60,"time":1.000000,"event":"pause.held","reason":"user"}
    {"frame":60,"time":1.000000,"event":"director.paused","reason":"user"}
    {"frame":80,"time":1.333333,"event":"banner.clickRefused","id":"starfall","reason":"justShown"}
    {"frame":90,"time":1.500000,"event":"input.injected","input":"click 480 595"}
    {"frame":90,"time":1.500000,"event":"banner.clicked","id":"starfall"}
    {"frame":90,"time":1.500000,"event":"beacon.sent","kind":"click","id":"starfall","status":204}
    {"frame":90,"time":1.500000,"event":"pause.held","reason":"ad"}
    {"frame":90,"time":1.500000,"event":"action.began","id":"starfall","willLeave":false}
    {"frame":90,"time":1.500000,"event":"viewable.stop","id":"starfall","reason":"covered"}
    {"frame":120,"time":2.000000,"event":"action.finished","id":"starfall"}
    {"frame":120,"time":2.000000,"event":"pause.released","reason":"ad"}
    {"frame":120,"time":2.000000,"event":"viewable.start","id":"starfall"}
    {"frame":150,"time":2.500000,"event":"pause.released","reason":"user"}
    {"frame":150,"time":2.500000,"event":"director.resumed","reason":"user"}
    {"frame":180,"time":3.000000,"event":"impression","id":"starfall"}
    {"frame":180,"time":3.000000,"event":"beacon.failed","kind":"impression","id":"starfall","reason":"HTTP 500","attempts":1}
    {"frame":186,"time":3.100000,"event":"pause.held","reason":"window"}
    {"frame":186,"time":3.100000,"event":"director.paused","reason":"window"}
    {"frame":186,"time":3.100000,"event":"viewable.stop","id":"starfall","reason":"minimized"}
    {"frame":210,"time":3.500000,"event":"pause.released","reason":"window"}
    {"frame":210,"time":3.500000,"event":"director.resumed","reason":"window"}
    {"frame":240,"time":4.000000,"event":"scene.entered","name":"Play"}
    {"frame":240,"time":4.000000,"event":"banner.hidden","reason":"scene"}
    {"frame":250,"time":4.166667,"event":"beacon.dropped","kind":"impression","id":"starfall","reason":"expired"}
    {"frame":270,"time":4.500000,"event":"pause.held","reason":"cutscene"}
    {"frame":270,"time":4.500000,"event":"director.paused","reason":"cutscene"}
    {"frame":300,"time":5.000000,"event":"pause.released","reason":"cutscene"}
    {"frame":300,"time":5.000000,"event":"director.resumed","reason":"cutscene"}
    {"frame":310,"time":5.166667,"event":"ad.failed","error":"no-fill"}
    {"frame":310,"time":5.166667,"event":"banner.hidden","reason":"failed"}
    {"frame":320,"time":5.333333,"event":"cta.clicked","id":"starfall","url":"https://example.com/starfall"}
    {"frame":320,"time":5.333333,"event":"url.opened","url":"https://example.com/starfall","headless":true}
    {"frame":330,"time":5.500000,"event":"url.failed","url":"https://example.com/x","reason":"no xdg-open"}
    {"frame":330,"time":5.500000,"event":"game.paused","reason":"user"}
    {"frame":331,"time":5.516667,"event":"game.resumed","reason":"user"}
    {"frame":340,"time":5.666667,"event":"scene.exited","name":"Play"}
    {"frame":340,"time":5.666667,"event":"scene.entered","name":"Menu"}
    {"frame":345,"time":5.750000,"event":"ad.revenue","format":"banner","id":"starfall","source":"openrtb","seat":"alpha","crid":"c1","cpm":1.250000,"revenue":"0.001250","currency":"USD","precision":"exact"}
    {"frame":348,"time":5.800000,"event":"rewarded.completed","format":"rewarded","placement":"bonus_coins","id":"r"}
    {"frame":353,"time":5.883333,"event":"rewarded.earned","format":"rewarded","placement":"bonus_coins","id":"r","type":"coins","amount":50}
    {"frame":358,"time":5.966667,"event":"rewarded.forfeited","format":"rewarded","placement":"bonus_coins","id":"r2"}
    {"frame":360,"time":6.000000,"event":"host.stopped","reason":"seconds","detail":"6.000000"}

    """

  /// A bar of the picture, read back as times.
  struct Bar: Equatable {
    let lane: String
    let start: Double
    let end: Double
  }

  /// The bars of `svg`, with their times from the axis's scale on the root element.
  static func bars(of svg: String) throws -> [Bar] {
    func number(_ name: String, in text: Substring) -> Double? {
      guard let range = text.range(of: " \(name)=\"") else { return nil }
      return Double(text[range.upperBound...].prefix { $0 != "\"" })
    }
    let root = try #require(svg.split(separator: "\n").first)
    let t0 = try #require(number("data-t0", in: root))
    let x0 = try #require(number("data-x0", in: root))
    let scale = try #require(number("data-px-per-second", in: root))
    return svg.split(separator: "\n").filter { $0.hasPrefix("<rect class=\"bar\"") }.compactMap { line in
      guard let laneRange = line.range(of: "data-lane=\""), let x = number("x", in: line),
        let width = number("width", in: line)
      else { return nil }
      let lane = String(line[laneRange.upperBound...].prefix { $0 != "\"" })
      return Bar(lane: lane, start: t0 + (x - x0) / scale, end: t0 + (x + width - x0) / scale)
    }
  }

  @Test func theTimelinesBarsStandWhereTheTraceSaysEachLaneHeld() throws {
    let svg = TimelinePicture().svg(of: Timeline(TraceLog(text: Self.fixture)), title: "fixture")
    let bars = try Self.bars(of: svg)
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
    #expect(TraceLog(text: Self.fixture).problems.isEmpty)
  }

  @Test func thePerfettoTraceHasAnEndForEveryBeginMonotonicTracksAndNames() throws {
    let json = PerfettoTrace.json(of: TraceLog(text: Self.fixture))
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
    var lines = Self.fixture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.insert("{\"frame\":61,\"time\":1.01,\"event\":", at: 6)
    lines.insert("not json at all", at: 9)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let input = folder.appendingPathComponent("t.jsonl").path
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: input))
    var told: [String] = []
    let output = folder.appendingPathComponent("t.svg").path
    let code = TraceCommand.main(arguments: ["timeline", input, "-o", output]) { told.append($0) }
    #expect(code == 0)
    #expect(
      told.count == 2 && told[0].contains("t.jsonl:7: not JSON") && told[1].contains("t.jsonl:10: not JSON"), "\(told)")
    let svg = try String(contentsOfFile: output, encoding: .utf8)
    #expect(try Self.bars(of: svg).filter { $0.lane == "hold: user" }.count == 1, "the rest is still drawn")
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
    let bars = try Self.bars(of: svg)
    let pauses = log.records.filter { $0.event == "pause.held" && $0["reason"] == "user" }.count
    #expect(
      pauses == 29 && bars.filter { $0.lane == "hold: user" }.count == pauses, "one bar per pause, none merged away")
  }

  @Test func theREADMEsTimelineIsTheDemosOwnRunAsTheCommandMakesIt() throws {
    let runner = try ProgramRunner()
    let script = ProgramRunner.root.appendingPathComponent("docs/timeline-script.txt").path
    let result = try runner.run([
      "--headless", "--fixed-step", "--no-audio", "--seconds", "4", "--script", script, "--trace",
      runner.path("t.jsonl"),
    ])
    #expect(result.status == 0)
    let log = TraceLog(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: runner.path("t.jsonl")))))
    let svg = TimelinePicture().svg(of: Timeline(log), title: "The demo: P, a banner click, Escape, P")
    let committed = try String(
      contentsOf: ProgramRunner.root.appendingPathComponent("docs/timeline.svg"), encoding: .utf8)
    #expect(svg == committed, "docs/timeline.svg is out of date: run the command in the README")
    let bars = try Self.bars(of: svg)
    #expect(bars.filter { $0.lane == "hold: user" }.count == 1 && bars.filter { $0.lane == "hold: ad" }.count == 1)
  }

  @Test func theCommandReadsStandardInputAndWritesStandardOutput() throws {
    let tool = ProgramRunner.executable.deletingLastPathComponent().appendingPathComponent("intermission-trace")
    for (command, start) in [("timeline", "<svg "), ("perfetto", "{\"displayTimeUnit\"")] {
      let process = Process()
      process.executableURL = tool
      process.arguments = [command, "-", "-o", "-"]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      input.fileHandleForWriting.write(Data(Self.fixture.utf8))
      try input.fileHandleForWriting.close()
      let written = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(command)")
      #expect(String(decoding: written, as: UTF8.self).hasPrefix(start), "\(command)")
    }
  }
}
