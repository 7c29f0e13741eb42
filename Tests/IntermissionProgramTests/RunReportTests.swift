import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionTestSupport
import IntermissionTrace
import Testing

/// `intermission-trace report`: a run's ad figures from its trace alone, as a table and as JSON,
/// checked against the same trace counted here by a second route (Foundation's JSON reader and
/// counts of this test's own).
@Suite("Run reports")
struct RunReportTests {
  /// Runs `intermission-trace` with `arguments`, `input` on its standard input.
  static func tool(_ arguments: [String], input: String = "") throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = ProgramRunner.executable.deletingLastPathComponent()
      .appendingPathComponent("intermission-trace")
    process.arguments = arguments
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }

  /// The figures of one row, as this test counts them.
  struct Counted: Equatable {
    var requests = 0
    var fills = 0
    var shows = 0
    var impressions = 0
    var clicks = 0
    var revenue: [String: Decimal] = [:]
    var refusals: [String: Int] = [:]
  }

  /// Ten minutes of the demo on the fixed step, with house ads that state a CPM: a refused
  /// interstitial, a rewarded ad watched to its reward, an interstitial, the player's pause, a
  /// banner click, and a second rewarded ad whose viewer asks to leave and stays.
  @Test func aTenMinuteRunsReportAgreesWithItsTraceCountedByASecondRoute() throws {
    let runner = try ProgramRunner()
    let folder = try ShippedManifest.copy(runner, "ads")
    let manifest = folder.appendingPathComponent("manifest.json")
    let shipped = try String(contentsOf: manifest, encoding: .utf8)
    let priced = shipped.replacingOccurrences(of: #""action": "in-app","#, with: #""action": "in-app", "cpm": 1.5,"#)
    try #require(priced != shipped)
    try Data(priced.utf8).write(to: manifest)
    let script = try runner.write(
      "s.txt",
      [
        "1 click 480 186", "12 key Escape", "14 click 480 252", "16 key Return", "32 key Escape", "34 key Escape",
        "40 click 480 186", "52 key Escape", "58 key Escape", "70 key P", "80 key P", "100 click 480 595",
        "105 key Escape", "200 click 480 252", "202 key Return", "205 key Escape", "206 key Return", "220 key Escape",
      ].joined(separator: "\n") + "\n")
    let trace = runner.path("t.jsonl")
    let result = try runner.run(
      [
        "--headless", "--fixed-step", "--no-audio", "--ads", manifest.path, "--seconds", "600", "--script", script,
        "--trace", trace,
      ], timeout: 900)
    #expect(result.status == 0, "\(result.stderr)")

    // The second route: every line read by Foundation, every figure counted here.
    var counted: [String: Counted] = [:]
    var heldSince: [String: Double] = [:]
    var held: [String: Double] = [:]
    var last = 0.0
    for line in try runner.traceLines("t.jsonl") {
      let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let event = record["event"] as! String
      let time = record["time"] as! Double
      last = time
      let format = record["format"] as? String ?? "banner"
      let rows = [format + " *"] + ((record["placement"] as? String).map { [format + " " + $0] } ?? [])
      func count(_ change: (inout Counted) -> Void) { for row in rows { change(&counted[row, default: Counted()]) } }
      switch event {
      case "ad.loaded":
        counted[format + " *", default: Counted()].requests += 1
        counted[format + " *", default: Counted()].fills += 1
        if record["format"] == nil { counted["banner *", default: Counted()].shows += 1 }
      case "ad.failed": counted[format + " *", default: Counted()].requests += 1
      case "fullscreen.shown": count { $0.shows += 1 }
      case "impression": count { $0.impressions += 1 }
      case "banner.clicked", "fullscreen.clicked": count { $0.clicks += 1 }
      case "fullscreen.refused": count { $0.refusals[record["reason"] as! String, default: 0] += 1 }
      case "ad.revenue":
        let value = try #require(Decimal(string: record["revenue"] as! String))
        count { $0.revenue[record["currency"] as! String, default: 0] += value }
      case "pause.held": heldSince[record["reason"] as! String] = time
      case "pause.released":
        let reason = record["reason"] as! String
        held[reason, default: 0] += time - heldSince.removeValue(forKey: reason)!
      default: break
      }
    }
    for (reason, since) in heldSince { held[reason, default: 0] += last - since }

    let report = try Self.tool(["report", trace, "--json"])
    #expect(report.status == 0 && report.err.isEmpty, "\(report.err)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(report.out.utf8)) as? [String: Any])
    let rows = try #require(object["rows"] as? [[String: Any]])
    var reported: [String: Counted] = [:]
    for row in rows {
      let key = (row["format"] as! String) + " " + (row["placement"] as? String ?? "*")
      var figures = Counted(
        requests: row["requests"] as? Int ?? 0, fills: row["fills"] as? Int ?? 0, shows: row["shows"] as! Int,
        impressions: row["impressions"] as! Int, clicks: row["clicks"] as! Int)
      for (currency, value) in row["revenue"] as! [String: String] {
        figures.revenue[currency] = Decimal(string: value)
      }
      figures.refusals = row["refusals"] as! [String: Int]
      reported[key] = figures
      // The rates from the same counts.
      if figures.shows > 0 {
        #expect(abs((row["viewableRate"] as! Double) - Double(figures.impressions) / Double(figures.shows)) < 1e-6)
      }
      if figures.impressions > 0, let usd = figures.revenue["USD"] {
        let eCPM = try #require(Decimal(string: (row["eCPM"] as! [String: String])["USD"]!))
        #expect(abs(NSDecimalNumber(decimal: eCPM - usd * 1000 / Decimal(figures.impressions)).doubleValue) < 1e-6)
      }
    }
    #expect(reported == counted)
    let heldReported = try #require(object["held"] as? [String: Double])
    #expect(heldReported.keys.sorted() == held.keys.sorted())
    for (holder, seconds) in held { #expect(abs(heldReported[holder]! - seconds) < 1e-6, "\(holder)") }
    #expect(abs((object["duration"] as! Double) - 600) < 1e-6)

    // What the run did, so that the comparison above compares something.
    #expect(counted["rewarded bonus_coins"]?.impressions == 2 && counted["interstitial level_end"]?.shows == 1)
    #expect(counted["interstitial level_end"]?.refusals == ["sessionStart": 1])
    #expect(counted["banner *"]?.clicks == 1)
    #expect(counted["banner *"]?.impressions == 18)
    #expect(counted["rewarded *"]?.revenue == ["USD": Decimal(string: "0.003")!])
    #expect(held["user"].map { abs($0 - 10) < 1e-6 } == true)
    #expect(held["ad"].map { abs($0 - 45) < 1e-6 } == true, "\(held)")

    // The table: the same figures, one line per row.
    let table = try Self.tool(["report", trace])
    #expect(table.status == 0)
    let lines = table.out.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("Intermission run report: ") == true)
    let rewarded = try #require(lines.first { $0.hasPrefix("rewarded") && $0.contains("bonus_coins") })
    #expect(
      rewarded.split(separator: " ", omittingEmptySubsequences: true).map(String.init) == [
        "rewarded", "bonus_coins", "-", "-", "-", "2", "2", "100.0%", "0", "0.0%", "0.003000", "USD", "1.500000", "USD",
      ])
    #expect(lines.contains("refused interstitial level_end: sessionStart 1"))
  }

  /// A small trace with every kind of figure, its JSON checked whole: two currencies, a pending
  /// revenue event of an earlier launch (not counted again), refused bids, a failed load by reason,
  /// a VAST error, a beacon still failing at the end and one that was retried and sent, and a hold
  /// still on at the end.
  static let fixture = """
    {"frame":0,"time":0.000000,"event":"host.started","fps":60}
    {"frame":0,"time":0.000000,"event":"ad.revenue","format":"banner","id":"old","source":"openrtb","cpm":9.000000,"revenue":"0.009000","currency":"USD","precision":"exact","pending":true}
    {"frame":6,"time":0.100000,"event":"bid.refused","id":"b1","reason":"belowFloor"}
    {"frame":6,"time":0.100000,"event":"bid.refused","id":"b2","reason":"belowFloor"}
    {"frame":6,"time":0.100000,"event":"ad.loaded","id":"b3"}
    {"frame":12,"time":0.200000,"event":"ad.failed","error":"no-fill","format":"rewarded","reason":"noFill"}
    {"frame":12,"time":0.200000,"event":"vast.error","format":"interstitial","id":"v","code":301,"reason":"timeout"}
    {"frame":12,"time":0.200000,"event":"ad.failed","error":"video ad 'v': VAST error 301: timeout","format":"interstitial","reason":"vastFailed"}
    {"frame":70,"time":1.166667,"event":"impression","id":"b3"}
    {"frame":70,"time":1.166667,"event":"ad.revenue","format":"banner","id":"b3","source":"openrtb","seat":"s","crid":"c","cpm":1.005000,"revenue":"0.001005","currency":"EUR","precision":"exact"}
    {"frame":70,"time":1.166667,"event":"beacon.failed","kind":"impression","id":"b3","reason":"HTTP 500","attempts":1}
    {"frame":80,"time":1.333333,"event":"banner.clicked","id":"b3"}
    {"frame":80,"time":1.333333,"event":"beacon.failed","kind":"click","id":"b3","reason":"HTTP 500","attempts":1}
    {"frame":90,"time":1.500000,"event":"beacon.sent","kind":"click","id":"b3","status":204}
    {"frame":90,"time":1.500000,"event":"ad.loaded","id":"h"}
    {"frame":150,"time":2.500000,"event":"impression","id":"h"}
    {"frame":150,"time":2.500000,"event":"ad.revenue","format":"banner","id":"h","source":"manifest","cpm":2.000000,"revenue":"0.002000","currency":"USD","precision":"publisherProvided"}
    {"frame":150,"time":2.500000,"event":"pause.held","reason":"user"}
    {"frame":180,"time":3.000000,"event":"beacon.dropped","kind":"impression","id":"h","reason":"expired"}
    {"frame":240,"time":4.000000,"event":"host.stopped","reason":"seconds"}
    """

  @Test func everyFigureOfASmallTraceIsWhatTheREADMEDefines() throws {
    let report = RunReport(TraceLog(text: Self.fixture))
    #expect(
      RunReportText.json(report, skippedLines: [])
        == #"{"duration":4.000000,"records":20,"rows":["#
        + #"{"format":"banner","placement":null,"requests":2,"fills":2,"fillRate":1.000000,"shows":2,"#
        + #""impressions":2,"viewableRate":1.000000,"clicks":1,"clickThroughRate":0.500000,"#
        + #""revenue":{"EUR":"0.001005","USD":"0.002000"},"eCPM":{"EUR":"0.502500","USD":"1.000000"},"#
        + #""uncountedRevenue":0,"refusals":{},"failures":{},"vastErrors":{}},"#
        + #"{"format":"rewarded","placement":null,"requests":1,"fills":0,"fillRate":0.000000,"shows":0,"#
        + #""impressions":0,"viewableRate":null,"clicks":0,"clickThroughRate":null,"revenue":{},"eCPM":{},"#
        + #""uncountedRevenue":0,"refusals":{},"failures":{"noFill":1},"vastErrors":{}},"#
        + #"{"format":"interstitial","placement":null,"requests":1,"fills":0,"fillRate":0.000000,"shows":0,"#
        + #""impressions":0,"viewableRate":null,"clicks":0,"clickThroughRate":null,"revenue":{},"eCPM":{},"#
        + #""uncountedRevenue":0,"refusals":{},"failures":{"vastFailed":1},"vastErrors":{"301":1}}],"#
        + #""bidRefusals":{"belowFloor":2},"held":{"user":1.500000},"#
        + #""beacons":{"sent":1,"failed":2,"pending":1,"dropped":1},"pendingRevenueEvents":1,"#
        + #""pendingRevenue":{"USD":"0.009000"},"revenueNotCounted":{},"skippedLines":[]}"#
        + "\n")
  }

  /// Five impressions at the largest amount a bid could once claim (9e15 CPM: 9e12 USD each), two
  /// whose revenue cannot be read, and a pending one: the total never resets, and the report says
  /// what it could not count.
  @Test func revenuePastTheLargestTotalOrUnreadableIsSaidNotCountedAndPendingRevenueIsCounted() throws {
    let huge =
      #"{"frame":70,"time":1.166667,"event":"ad.revenue","format":"banner","id":"x","source":"openrtb","#
      + #""cpm":9000000000000000.000000,"revenue":"9000000000000.000000","currency":"USD","precision":"exact"}"#
    let impression = #"{"frame":70,"time":1.166667,"event":"impression","id":"x"}"#
    let lines =
      [
        #"{"frame":0,"time":0.000000,"event":"ad.loaded","id":"x"}"#,
        #"{"frame":0,"time":0.000000,"event":"ad.revenue","format":"banner","id":"o","source":"manifest","#
          + #""cpm":2.500000,"revenue":"0.002500","currency":"USD","precision":"publisherProvided","pending":true}"#,
      ] + Array(repeating: [impression, huge], count: 5).flatMap { $0 } + [
        impression,
        #"{"frame":71,"time":1.183333,"event":"ad.revenue","format":"banner","id":"x","revenue":"lots","currency":"USD"}"#,
        impression, #"{"frame":72,"time":1.200000,"event":"ad.revenue","format":"banner","id":"x","revenue":"1.0"}"#,
      ]
    let report = RunReport(TraceLog(text: lines.joined(separator: "\n")))
    let row = try #require(report.rows.first)
    #expect(row.revenue == ["USD": Micros(9_000_000_000_000_000_000)] && row.uncountedRevenue == 6)
    #expect(row.impressions == 7 && row.eCPM("USD") == nil, "no eCPM from a partial total")
    #expect(report.revenueNotCounted == [RunReport.unreadable: 2, RunReport.pastLargestTotal: 4])
    #expect(report.pendingRevenueEvents == 1 && report.pendingRevenue == ["USD": Micros(2500)])
    let table = RunReportText.table(report, name: "t")
    #expect(table.contains("9000000000000.000000 USD + 6 not counted"), "\(table)")
    #expect(table.contains("revenue events of an earlier launch handed over: 1 (0.002500 USD)\n"), "\(table)")
    #expect(table.contains("revenue not counted: 2 records unreadable, 4 records past the largest total\n"))
  }

  /// An eCPM whose rounding would pass `Int64` (revenue × 1000 fits, plus half the impressions
  /// does not) is left out, never a trap.
  @Test func anECPMPastTheLargestAmountIsLeftOutWithoutATrap() {
    let impression = #"{"frame":1,"time":0.016667,"event":"impression","id":"x"}"#
    let lines =
      Array(repeating: impression, count: 1616) + [
        #"{"frame":1,"time":0.016667,"event":"ad.revenue","format":"banner","id":"x","revenue":"9223372036.854775","#
          + #""currency":"USD"}"#
      ]
    let row = RunReport(TraceLog(text: lines.joined(separator: "\n"))).rows.first
    #expect(row?.revenue == ["USD": Micros(9_223_372_036_854_775)] && row?.impressions == 1616)
    #expect(row?.eCPM("USD") == nil)
  }

  /// A video's trackers share its ad id: a beacon pending at the end is told by its nonce, so one
  /// tracker's delivery does not hide another's failure.
  @Test func pendingBeaconsAreKeyedByTheirNonceNotByTheirAd() {
    let n1 = "00000000-0000-4000-8000-000000000001"
    let n2 = "00000000-0000-4000-8000-000000000002"
    let report = RunReport(
      TraceLog(
        text: [
          #"{"frame":1,"time":0.016667,"event":"beacon.failed","kind":"vast","id":"v","reason":"HTTP 500","attempts":1,"nonce":"\#(n1)"}"#,
          #"{"frame":1,"time":0.016667,"event":"beacon.failed","kind":"vast","id":"v","reason":"HTTP 500","attempts":1,"nonce":"\#(n2)"}"#,
          #"{"frame":2,"time":0.033333,"event":"beacon.sent","kind":"vast","id":"v","status":204,"nonce":"\#(n1)"}"#,
        ].joined(separator: "\n")))
    let beacons = report.beacons
    #expect(beacons.sent == 1 && beacons.failed == 2 && beacons.pending == 1 && beacons.dropped == 0)
  }

  @Test func malformedLinesAreReportedByNumberAndSkippedFromAFileOrStandardInput() throws {
    let runner = try ProgramRunner()
    let lines = Self.fixture.split(separator: "\n").map(String.init)
    let damaged = ([lines[0], "not json", lines[8], #"{"frame":1}"#] + lines[9...]).joined(separator: "\n") + "\n"
    let file = try runner.write("damaged.jsonl", damaged)
    for (arguments, name) in [(["report", file, "--json"], file), (["report", "-", "--json"], "standard input")] {
      let run = try Self.tool(arguments, input: damaged)
      #expect(run.status == 0)
      #expect(run.err.contains("intermission-trace: \(name):2: not JSON"), "\(run.err)")
      #expect(run.err.contains("intermission-trace: \(name):4: a record needs"), "\(run.err)")
      #expect(
        run.out.hasSuffix(#""skippedLines":[2,4]}"# + "\n") && run.out.contains(#""impressions":2"#), "\(run.out)")
    }
  }

  @Test func badUsageExitsTwoAndAnUnreadableTraceOne() throws {
    #expect(try Self.tool(["report"]).status == 2)
    let unknown = try Self.tool(["report", "-", "--csv"])
    #expect(unknown.status == 2 && unknown.err.contains("unknown option '--csv'"), "\(unknown.err)")
    #expect(try Self.tool(["report", "-", "--title", "x"]).status == 2, "--title is the timeline's")
    let missing = try Self.tool(["report", "/nonexistent/t.jsonl"])
    #expect(missing.status == 1 && missing.err.contains("cannot read /nonexistent/t.jsonl"), "\(missing.err)")
  }
}
