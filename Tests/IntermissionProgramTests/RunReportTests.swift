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
    // A tool that refuses its arguments exits before it reads: the write then meets a closed pipe,
    // which must be an error here (EPIPE), never this test process's death by SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
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

  @Test func malformedLinesAreReportedByNumberAndSkippedFromAFileOrStandardInput() throws {
    let runner = try ProgramRunner()
    let lines = TraceFixtures.everyFigure.split(separator: "\n").map(String.init)
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
