/// Row 6: allocations per steady-state real frame, SDL included.
func addAllocationRows(_ suite: BenchmarkSuite, to report: inout Report) throws {
  progress("6/10 allocations and memory ...")
  let allocations = try suite.allocationsPerRealFrame()
  report.add(
    "6. allocations per steady-state real frame (SDL included)", formatted(allocations, 2), goal: "0",
    met: allocations == 0)
}

/// Row 6's peak memory: Intermission's against the C program's over 1,200 frames and over 60 (the
/// measurement of issue 40), with its music, and on the shipped manifest with its full-screen
/// preloads.
@discardableResult
func addMemoryRows(_ suite: BenchmarkSuite, to report: inout Report) throws
  -> (swift: Int, c: Int, withAudio: Int, withFullscreen: Int)
{
  let memory = try suite.peakMemory()
  let memoryRatio = Double(memory.swift) / Double(memory.c)
  report.add(
    "   peak resident memory, Intermission (1200 frames, banner shown, --no-audio like C)",
    "\(formatted(Double(memory.swift) / 1024, 1)) MiB",
    goal: "—", met: nil)
  report.add(
    "   peak resident memory, C drawing directly", "\(formatted(Double(memory.c) / 1024, 1)) MiB", goal: "—", met: nil)
  report.add(
    "   **memory ratio Intermission / C**", "**\(formatted(memoryRatio, 2))**", goal: "<= 1.5", met: memoryRatio <= 1.5)
  let short = try suite.shortRunPeakMemory()
  let shortRatio = Double(short.swift) / Double(short.c)
  report.add(
    "   over 60 frames (\(formatted(Double(short.swift) / 1024, 1)) MiB against "
      + "\(formatted(Double(short.c) / 1024, 1)) MiB): **ratio Intermission / C**",
    "**\(formatted(shortRatio, 2))**", goal: "<= 1.5", met: shortRatio <= 1.5)
  report.add(
    "   peak resident memory, Intermission with its music playing (disk driver)",
    "\(formatted(Double(memory.withAudio) / 1024, 1)) MiB", goal: "—", met: nil)
  report.add(
    "   peak memory, shipped manifest (two 1280×720 full-screen pictures preloaded)",
    "\(formatted(Double(memory.withFullscreen) / 1024, 1)) MiB", goal: "—", met: nil)
  let preloadCost = Double(memory.withFullscreen - memory.swift) / 1024
  let preloadFloor = Double(try suite.fullscreenPreloadFloor()) / 1024
  let preloadBudget = 1.25 * preloadFloor + 2
  report.add(
    "   preloads' cost: shipped manifest over banners alone", "\(formatted(preloadCost, 1)) MiB",
    goal: "<= \(formatted(preloadBudget, 1)) MiB (1.25 × floor + 2)", met: preloadCost <= preloadBudget)
  report.add(
    "   floor: one decoded copy of each preloaded creative (width × height × 4)",
    "\(formatted(preloadFloor, 1)) MiB", goal: "—", met: nil)
  report.add(
    "   **full-screen preloads: cost / floor**", "**\(formatted(preloadCost / preloadFloor, 2))**", goal: "—",
    met: nil)
  return memory
}
