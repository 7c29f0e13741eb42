/// Row 13, full-screen ads: show latency, frame times over shows and dismissals, and the idle CPU
/// while a rewarded ad holds the game.
func addFullscreenRows(_ suite: BenchmarkSuite, to report: inout Report) throws {
  progress("13. full-screen ads: show latency, frame times over shows, idle CPU while one holds the game ...")
  let shows = try suite.fullscreenShows()
  let worstLatency = shows.latencies.max() ?? -1
  report.add(
    "13. frames from the show call to the full-screen view's first frame (\(shows.shows) shows), largest",
    String(worstLatency), goal: "1", met: worstLatency == 1)
  report.addFrameTimes(
    "   frames over budget during \(shows.shows) shows and dismissals of a 1280×720 creative "
      + "(\(shows.frames) frames)", during: "full-screen shows", overBudget: shows.overBudget, max: shows.max,
    p99: shows.p99)
  let fullscreenIdle = try suite.fullscreenIdleCost()
  report.add(
    "   idle CPU while a rewarded ad holds the game (countdown running)",
    "\(formatted(fullscreenIdle * 100, 3)) % of a core", goal: "<= 1 %", met: fullscreenIdle <= 0.01)
}
