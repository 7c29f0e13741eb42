import IntermissionBasics

/// The figures of a run, from its trace alone: for each ad format and placement, its loads, shows,
/// impressions, clicks, revenue, refusals and failures; the refused bids; how long each holder held
/// the game; and what became of the beacons. `intermission-trace report` prints it; the README
/// defines each figure.
public struct RunReport: Sendable {
  /// The figures of one format, at one placement or at all of them.
  public struct Row: Hashable, Sendable {
    /// `banner`, `interstitial` or `rewarded`.
    public var format: String
    /// The placement; nil for the format's row, which counts every placement and the format's loads.
    public var placement: String?
    /// Loads that finished (`ad.loaded` and `ad.failed`): a format's row only.
    public var requests: Int?
    /// Loads that gave an ad (`ad.loaded`): a format's row only.
    public var fills: Int?
    /// Ads shown: each ad loaded onto the banner (a display), or each `fullscreen.shown`.
    public var shows = 0
    /// `impression` lines.
    public var impressions = 0
    /// `banner.clicked` or `fullscreen.clicked` lines.
    public var clicks = 0
    /// What the impressions earned (`ad.revenue`, not those of an earlier launch), by currency.
    public var revenue: [String: Micros] = [:]
    /// This launch's `ad.revenue` records not in `revenue`: unreadable, or past the largest total.
    public var uncountedRevenue = 0
    /// Shows refused (`fullscreen.refused`), by reason.
    public var refusals: [String: Int] = [:]
    /// Failed loads (`ad.failed`) and shows (`fullscreen.failed`), by reason.
    public var failures: [String: Int] = [:]
    /// VAST errors (`vast.error`), by code.
    public var vastErrors: [String: Int] = [:]

    /// fills / requests; nil without a request.
    public var fillRate: Double? { ratio(fills ?? 0, requests ?? 0) }
    /// impressions / shows: the share of shows whose impression counted (a banner's needs it
    /// viewable for 1 s, a full-screen ad's its first frame); nil without a show.
    public var viewableRate: Double? { ratio(impressions, shows) }
    /// clicks / impressions; nil without an impression.
    public var clickThroughRate: Double? { ratio(clicks, impressions) }

    /// revenue × 1000 / impressions in `currency`, rounded to the millionth; nil without an
    /// impression, with revenue records not counted, or past the largest amount.
    public func eCPM(_ currency: String) -> Micros? {
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
  public struct Beacons: Hashable, Sendable {
    /// `beacon.sent` lines.
    public var sent = 0
    /// `beacon.failed` lines: attempts that will be retried.
    public var failed = 0
    /// Beacons whose last line is a `beacon.failed`: still waiting at the end of the run.
    public var pending = 0
    /// `beacon.dropped` lines: given up.
    public var dropped = 0
  }

  /// The rows: each format's, then its placements', in the order formats and placements first
  /// appear (the banner first).
  public var rows: [Row]
  /// Refused bids (`bid.refused`), by reason.
  public var bidRefusals: [String: Int]
  /// Seconds each holder held the game (`pause.held` to `pause.released`, or to the run's end), in
  /// the timeline's order.
  public var held: [(holder: String, seconds: Double)]
  /// The beacons.
  public var beacons: Beacons
  /// Revenue events of an earlier launch handed over in this one (`"pending": true`): not in
  /// `revenue`, which their own launch counted.
  public var pendingRevenueEvents: Int
  /// What those events earned, by currency.
  public var pendingRevenue: [String: Micros]
  /// `ad.revenue` records that could not be counted, by reason: `unreadable` (no decimal
  /// `revenue` or no `currency`) and `past the largest total` (the sum would pass `Int64` millionths).
  public var revenueNotCounted: [String: Int]
  /// The reason of a record without a readable `revenue` and `currency`.
  public static let unreadable = "unreadable"
  /// The reason of a record whose amount would take its total past the largest.
  public static let pastLargestTotal = "past the largest total"
  /// The run's length in host seconds: its last record's time.
  public var duration: Double
  /// How many records were read.
  public var records: Int

  /// The report of `log`.
  public init(_ log: TraceLog) {
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
