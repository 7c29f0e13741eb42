import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionNet
import IntermissionTestSupport
import MenuGame
import Testing

/// The demo killed inside its revenue handler, after the banner's `impression` and before the game
/// counted what it earned, then launched again: the event is handed over once more, marked
/// `"pending": true`, counted once in the game's save, and never a third time.
@Suite("Revenue across kill -9")
struct RevenueCrashTests {
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
