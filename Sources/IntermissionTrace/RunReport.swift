import IntermissionBasics

/// The figures of a run, from its trace alone: for each ad format and placement, its loads, shows,
/// impressions, clicks, revenue, refusals and failures; the refused bids; how long each holder held
/// the game; and what became of the beacons. `intermission-trace report` prints it; the README
/// defines each figure.
package struct RunReport: Sendable {
  /// The figures of one format, at one placement or at all of them.
  package struct Row: Hashable, Sendable {
    /// `banner`, `interstitial` or `rewarded`.
    package var format: String
    /// The placement; nil for the format's row, which counts every placement and the format's loads.
    package var placement: String?
    /// Loads that finished (`ad.loaded` and `ad.failed`): a format's row only.
    package var requests: Int?
    /// Loads that gave an ad (`ad.loaded`): a format's row only.
    package var fills: Int?
    /// Ads shown: each ad loaded onto the banner (a display), or each `fullscreen.shown`.
    package var shows = 0
    /// `impression` lines.
    package var impressions = 0
    /// `banner.clicked` or `fullscreen.clicked` lines.
    package var clicks = 0
    /// What the impressions earned (`ad.revenue`, not those of an earlier launch), by currency.
    package var revenue: [String: Micros] = [:]
    /// This launch's `ad.revenue` records not in `revenue`: unreadable, or past the largest total.
    package var uncountedRevenue = 0
    /// Shows refused (`fullscreen.refused`), by reason.
    package var refusals: [String: Int] = [:]
    /// Failed loads (`ad.failed`) and shows (`fullscreen.failed`), by reason.
    package var failures: [String: Int] = [:]
    /// VAST errors (`vast.error`), by code.
    package var vastErrors: [String: Int] = [:]

    /// fills / requests; nil without a request.
    package var fillRate: Double? { ratio(fills ?? 0, requests ?? 0) }
    /// impressions / shows: the share of shows whose impression counted (a banner's needs it
    /// viewable for 1 s, a full-screen ad's its first frame); nil without a show.
    package var viewableRate: Double? { ratio(impressions, shows) }
    /// clicks / impressions; nil without an impression.
    package var clickThroughRate: Double? { ratio(clicks, impressions) }

    /// revenue × 1000 / impressions in `currency`, rounded to the millionth; nil without an
    /// impression, with revenue records not counted, or past the largest amount.
    package func eCPM(_ currency: String) -> Micros? {
      guard impressions > 0, uncountedRevenue == 0, let total = revenue[currency] else { return nil }
      let count = Int64(impressions)
      let (scaled, overflow) = total.value.multipliedReportingOverflow(by: 1000)
      let (rounding, past) = scaled.addingReportingOverflow(count / 2)
      guard !overflow, !past else { return nil }
      return Micros(rounding / count)
    }

    private func ratio(_ part: Int, _ whole: Int) -> Double? { whole > 0 ? Double(part) / Double(whole) : nil }
  }

  /// What became of the beacons.
  package struct Beacons: Hashable, Sendable {
    /// `beacon.sent` lines.
    package var sent = 0
    /// `beacon.failed` lines: attempts that will be retried.
    package var failed = 0
    /// Beacons whose last line is a `beacon.failed`: still waiting at the end of the run.
    package var pending = 0
    /// `beacon.dropped` lines: given up.
    package var dropped = 0
  }

  /// The rows: each format's, then its placements', in the order formats and placements first
  /// appear (the banner first).
  package var rows: [Row]
  /// Refused bids (`bid.refused`), by reason.
  package var bidRefusals: [String: Int]
  /// Seconds each holder held the game (`pause.held` to `pause.released`, or to the run's end), in
  /// the timeline's order.
  package var held: [(holder: String, seconds: Double)]
  /// The beacons.
  package var beacons: Beacons
  /// Revenue events of an earlier launch handed over in this one (`"pending": true`): not in
  /// `revenue`, which their own launch counted.
  package var pendingRevenueEvents: Int
  /// What those events earned, by currency.
  package var pendingRevenue: [String: Micros]
  /// `ad.revenue` records that could not be counted, by reason: `unreadable` (no decimal
  /// `revenue` or no `currency`) and `past the largest total` (the sum would pass `Int64` millionths).
  package var revenueNotCounted: [String: Int]
  /// The reason of a record without a readable `revenue` and `currency`.
  package static let unreadable = "unreadable"
  /// The reason of a record whose amount would take its total past the largest.
  package static let pastLargestTotal = "past the largest total"
  /// The run's length in host seconds: its last record's time.
  package var duration: Double
  /// How many records were read.
  package var records: Int

  /// The report of `log`.
  package init(_ log: TraceLog) {
    var tally = RunTally()
    for record in log.records { tally.read(record) }
    rows = tally.rows()
    bidRefusals = tally.bidRefusals
    beacons = tally.beacons()
    pendingRevenueEvents = tally.pendingRevenueEvents
    pendingRevenue = tally.pendingRevenue
    revenueNotCounted = tally.revenueNotCounted
    let timeline = Timeline(log)
    held = timeline.lanes.filter { $0.kind == .hold }.map { lane in
      (String(lane.name.dropFirst("hold: ".count)), lane.intervals.reduce(0) { $0 + $1.end - $1.start })
    }
    duration = timeline.end
    records = log.records.count
  }
}
