/// Row 14, demand over OpenRTB: frame times while bids arrive, and the time from a bid request to the
/// bought banner's first frame.
func addBidRows(_ suite: BenchmarkSuite, to report: inout Report) throws {
  progress("14. demand over OpenRTB: frame times while bids arrive, request to banner ...")
  let (bids, bidRequests) = try suite.bidFrameTimes()
  report.add(
    "14. frames over budget, bought banners each second (\(bids.rotations) rotations, "
      + "\(bidRequests) requests, \(bids.frames) frames)", String(bids.overBudget), goal: "0",
    met: bids.overBudget == 0)
  report.add(
    "   longest frame while bids arrive", "\(formatted(bids.max * 1000, 2)) ms", goal: "<= 16.7 ms",
    met: bids.max <= 1.0 / 60)
  let bidToBanner = try suite.bidToBannerTimes()
  let bidGoal = 0.150 + 1.0 / 60
  report.add(
    "   bid request to its banner's first frame, responder 100 ms (\(bidToBanner.runs) runs), median",
    "\(formatted(bidToBanner.median * 1000, 1)) ms", goal: "<= 166.7 ms", met: bidToBanner.median <= bidGoal)
  report.add(
    "   the same, largest", "\(formatted(bidToBanner.max * 1000, 1)) ms", goal: "<= 166.7 ms",
    met: bidToBanner.max <= bidGoal)
}
