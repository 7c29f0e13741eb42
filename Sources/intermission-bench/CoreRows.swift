/// Row 1: the core's frame (the director and its overlays, on a null canvas), its time and its
/// allocations.
func addCoreRows(_ suite: BenchmarkSuite, to report: inout Report) {
  progress("1/10 core cost per frame ...")
  let core = suite.coreCostPerFrame()
  report.add(
    "1. core cost per frame (director + overlays, null canvas)", "\(formatted(core.nanoseconds, 0)) ns",
    goal: "< 5000 ns", met: core.nanoseconds < 5000)
  report.add(
    "   allocations per core frame", formatted(core.allocationsPerFrame, 2), goal: "0",
    met: core.allocationsPerFrame == 0)
}

/// Row 1, continued: the overlay in a game's own loop (a `PauseGate`, no director), its time and its
/// allocations.
func addForeignLoopRows(_ suite: BenchmarkSuite, to report: inout Report) {
  let foreign = suite.foreignLoopCostPerFrame()
  report.add(
    "   overlay in a game's own loop (PauseGate, no director, null canvas)", "\(formatted(foreign.nanoseconds, 0)) ns",
    goal: "< 5000 ns", met: foreign.nanoseconds < 5000)
  report.add(
    "   allocations per frame in a game's own loop", formatted(foreign.allocationsPerFrame, 2), goal: "0",
    met: foreign.allocationsPerFrame == 0)
}
