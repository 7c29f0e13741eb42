/// Row 1: the core's frame (the director and its overlays, on a null canvas), its time and its
/// allocations.
func addCoreRows(_ suite: BenchmarkSuite, to report: inout Report) {
  progress("1/10 core cost per frame ...")
  let core = suite.coreCostPerFrame()
  report.addCostPerFrame(
    "1. core cost per frame (director + overlays, null canvas)", nanoseconds: core.nanoseconds,
    allocations: "   allocations per core frame", perFrame: core.allocationsPerFrame)
}

/// Row 1, continued: the overlay in a game's own loop (a `PauseGate`, no director), its time and its
/// allocations.
func addForeignLoopRows(_ suite: BenchmarkSuite, to report: inout Report) {
  let foreign = suite.foreignLoopCostPerFrame()
  report.addCostPerFrame(
    "   overlay in a game's own loop (PauseGate, no director, null canvas)", nanoseconds: foreign.nanoseconds,
    allocations: "   allocations per frame in a game's own loop", perFrame: foreign.allocationsPerFrame)
}
