import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionNet
import IntermissionTestSupport
import MenuGame
import Testing

/// The demo killed inside its revenue handler, after the banner's `impression` and before the game
/// counted what it earned, then launched again: the event is handed over once more, marked
/// `"pending": true`, counted once in the game's save, and never a third time. Killed at 20 moments
/// around impressions, every billed impression (an impression beacon in the queue) has exactly one
/// revenue event, and the game counts each `eventID` once; a revenue event that cannot be written
/// takes its impression's beacons with it, out of the file.
@Suite("Revenue across kill -9")
struct RevenueCrashTests {
  static let window = 4.0
  static let kills = 20
  /// What an impression earns: a CPM of 2.5, in USD millionths.
  static let earned: Int64 = 2500

  /// What one killed launch left.
  struct Outcome {
    var billed: Int
    var pending: Int
  }

  /// Two house ads worth 2.5 CPM, whose impression beacons go to a port that refuses them, so that
  /// every billed impression stays in the queue; the manifest's path.
  static func pricedAds(_ runner: ProgramRunner) throws -> String {
    let house = try ShippedManifest.copy(runner, "house")
    let ads = ["starfall", "tidewater"].map {
      #"{"id":"\#($0)","image":"\#($0).png","title":"\#($0)","action":"in-app","cpm":2.5,"#
        + #""impressionURL":"http://127.0.0.1:9/i?ad=\#($0)"}"#
    }
    let manifest = house.appendingPathComponent("manifest.json")
    try Data(#"{"ads":[\#(ads.joined(separator: ","))]}"#.utf8).write(to: manifest)
    return manifest.path
  }

  /// The nonces of the impression beacons in the queue at `path`, none without the file.
  static func billed(_ path: String) throws -> [String] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    return try BeaconStore(path: path).oldest(limit: 100_000).filter { $0.kind == .impression }.map(\.nonce)
  }

  /// The event ids the demo counted in its earnings file at `path`.
  static func counted(_ path: String) -> [String] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { $0.hasPrefix("counted ") }.map { String($0.dropFirst(8)) }
  }

  @Test func killedAtTwentyMomentsAroundImpressionsEachBilledImpressionHasOneEventCountedOnce() async throws {
    let moments = KillMoments.spread(Self.kills, over: Self.window, seed: 4040)
    let outcomes = try await KillMoments.run(moments) { try Self.killAndRelaunch(after: $0) }
    #expect(outcomes.count == Self.kills)
    #expect(outcomes.contains { $0.billed == 0 }, "some kills came before the first impression: \(outcomes)")
    #expect(outcomes.contains { $0.billed >= 2 }, "some after two or more: \(outcomes)")
  }

  /// Runs the demo on the real clock to `banner.shown`, kills it `moment` seconds later, checks
  /// that each billed impression has one revenue event (pending, or counted by the game), and
  /// launches it twice more on the same files: each event is counted once, and none is left.
  static func killAndRelaunch(after moment: Double) throws -> Outcome {
    let runner = try ProgramRunner()
    let manifest = try pricedAds(runner)
    let program = try runner.start(
      [
        "--headless", "--no-audio", "--ads", manifest, "--refresh", "1.1", "--seconds", "60", "--trace",
        runner.path("1.jsonl"),
      ])
    guard runner.waitForTrace("1.jsonl", containing: #""event":"banner.shown""#, timeout: 30) else {
      kill(program.process.processIdentifier, SIGKILL)
      Issue.record("the banner never showed: \((try? runner.traceLines("1.jsonl")) ?? [])")
      return Outcome(billed: 0, pending: 0)
    }
    usleep(useconds_t(moment * 1_000_000))
    kill(program.process.processIdentifier, SIGKILL)
    _ = runner.finish(program)
    #expect(program.process.terminationReason == .uncaughtSignal && program.process.terminationStatus == SIGKILL)

    let ledgerPath = runner.path("data/intermission/beacons.sqlite")
    let earningsPath = runner.path("data/intermission/demo-earnings.txt")
    let billed = try Self.billed(ledgerPath)
    let pending =
      FileManager.default.fileExists(atPath: ledgerPath) ? try RevenueLedger(path: ledgerPath).pending() : []
    let events = Set(pending.map(\.eventID)).union(Self.counted(earningsPath))
    #expect(events.count == billed.count, "at \(moment) s: \(billed.count) billed, events \(events)")
    #expect(pending.allSatisfy { $0.revenue == Micros(Self.earned) && $0.precision == .publisherProvided })

    for launch in [2, 3] {
      let trace = "\(launch).jsonl"
      let result = try runner.run(
        ["--headless", "--fixed-step", "--no-audio", "--ads", manifest, "--frames", "5", "--trace", runner.path(trace)])
      #expect(result.status == 0, "\(result.stderr)")
      let revenue = try runner.traceLines(trace).filter { $0.contains(#""event":"ad.revenue""#) }
      #expect(revenue.count == (launch == 2 ? pending.count : 0), "launch \(launch): \(revenue)")
      #expect(revenue.allSatisfy { $0.contains(#""pending":true"#) })
    }
    let counted = Self.counted(earningsPath)
    #expect(Set(counted) == events && counted.count == events.count, "each event counted once")
    let earnings = DemoEarnings(path: earningsPath)
    #expect(earnings.byCurrency == (events.isEmpty ? [:] : ["USD": Self.earned * Int64(events.count)]))
    if FileManager.default.fileExists(atPath: ledgerPath) {
      #expect(try RevenueLedger(path: ledgerPath).pending().isEmpty, "all handed over")
      #expect(try Self.billed(ledgerPath).count == billed.count, "no impression since")
    }
    return Outcome(billed: billed.count, pending: pending.count)
  }

  /// A revenue event that cannot be written (a trigger in the queue's file refuses it, as a full
  /// disk would, between the beacon and the event) takes its impression's beacon with it: the
  /// transaction leaves neither in the file, the beacon goes on from memory, and the trace says the
  /// event was not recorded. Separately written, the beacon would be billed with no event.
  @Test func aRevenueEventThatCannotBeWrittenLeavesNoBilledBeaconInTheFile() throws {
    let runner = try ProgramRunner()
    let manifest = try Self.pricedAds(runner)
    let data = runner.path("data/intermission")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let ledgerPath = data + "/beacons.sqlite"
    _ = try BeaconStore(path: ledgerPath)
    let sqlite = Process()
    sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    sqlite.arguments = [
      ledgerPath,
      "CREATE TRIGGER refuse BEFORE INSERT ON revenues BEGIN SELECT RAISE(ABORT, 'no room for revenue'); END;",
    ]
    try sqlite.run()
    sqlite.waitUntilExit()
    try #require(sqlite.terminationStatus == 0)
    let result = try runner.run(
      [
        "--headless", "--fixed-step", "--no-audio", "--ads", manifest, "--frames", "120", "--trace",
        runner.path("t.jsonl"),
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try runner.traceLines("t.jsonl")
    #expect(lines.filter { $0.contains(#""event":"impression""#) }.count == 1, "\(lines)")
    #expect(lines.contains { $0.contains(#""event":"revenue.notRecorded""#) && $0.contains("no room for revenue") })
    #expect(try Self.billed(ledgerPath).isEmpty, "no beacon billed without its event")
    #expect(try RevenueLedger(path: ledgerPath).pending().isEmpty)
    #expect(
      lines.contains {
        $0.contains(#""event":"beacon.failed","kind":"impression""#) && $0.contains(#""durable":false"#)
      })
  }

  /// The earnings file's temporary file is a FIFO, so the demo's handler blocks in `open` while it counts
  /// the earnings; the test sees `ad.revenue` in the trace, kills the blocked program, removes the
  /// FIFO and launches the demo twice more on the same files.
  @Test func aGameKilledInItsRevenueHandlerHearsOfThatImpressionOnceMoreAndCountsItOnce() throws {
    let runner = try ProgramRunner()
    let house = try ShippedManifest.copy(runner, "house")
    try Data(#"{"ads":[{"id":"house","image":"starfall.png","title":"House","action":"in-app","cpm":2.5}]}"#.utf8)
      .write(to: house.appendingPathComponent("manifest.json"))
    let manifest = house.appendingPathComponent("manifest.json").path
    let data = runner.path("data/intermission")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let earningsPath = data + "/demo-earnings.txt"
    #expect(mkfifo(earningsPath + ".new", 0o644) == 0)
    let program = try runner.start(
      ["--headless", "--no-audio", "--ads", manifest, "--seconds", "10", "--trace", runner.path("1.jsonl")])
    let heard = runner.waitForTrace("1.jsonl", containing: #""event":"ad.revenue""#, timeout: 30)
    usleep(200_000)
    #expect(heard && program.process.isRunning, "blocked in the handler, not finished")
    kill(program.process.processIdentifier, SIGKILL)
    _ = runner.finish(program)
    let killed = try runner.traceLines("1.jsonl")
    let impression = try #require(killed.firstIndex { $0.contains(#""event":"impression""#) }, "\(killed)")
    #expect(killed[impression + 1].contains(#""event":"ad.revenue""#), "right after its impression: \(killed)")
    let ledgerPath = data + "/beacons.sqlite"
    let pending = try RevenueLedger(path: ledgerPath).pending()
    #expect(pending.count == 1 && pending.first?.revenue == Micros(2500), "traced, never handed over: \(pending)")
    #expect(!FileManager.default.fileExists(atPath: earningsPath), "nothing counted: no file written")

    unlink(earningsPath + ".new")
    for launch in [2, 3] {
      let trace = "\(launch).jsonl"
      let result = try runner.run(
        ["--headless", "--fixed-step", "--no-audio", "--ads", manifest, "--frames", "5", "--trace", runner.path(trace)])
      #expect(result.status == 0, "\(result.stderr)")
      let revenue = try runner.traceLines(trace).filter { $0.contains(#""event":"ad.revenue""#) }
      #expect(revenue.count == (launch == 2 ? 1 : 0), "launch \(launch): \(revenue)")
      #expect(
        revenue.allSatisfy {
          $0.hasSuffix(
            #""format":"banner","id":"house","source":"manifest","cpm":2.500000,"revenue":"0.002500","#
              + #""currency":"USD","precision":"publisherProvided","pending":true}"#)
        }, "\(revenue)")
    }
    #expect(DemoEarnings(path: earningsPath).byCurrency == ["USD": 2500], "counted once")
    #expect(try RevenueLedger(path: ledgerPath).pending().isEmpty)
  }
}
