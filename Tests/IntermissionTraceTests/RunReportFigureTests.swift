import Foundation
import IntermissionBasics
import IntermissionTestSupport
import IntermissionTrace
import Testing

/// A run's ad figures from its trace alone (`RunReport`), in process: every figure of a small trace,
/// and the totals that would overflow or cannot be read.
@Suite("Run report figures")
struct RunReportFigureTests {
  @Test func everyFigureOfASmallTraceIsWhatTheREADMEDefines() throws {
    let report = RunReport(TraceLog(text: TraceFixtures.everyFigure))
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
}
