/// Rows 10 and 11: the overlay's frame through the C API against the Swift API, and the audio pause
/// latency.
func addCAPIRows(_ suite: BenchmarkSuite, to report: inout Report) throws {
  progress("10/10 the C API against the Swift API, per frame; audio pause latency ...")
  let cAPI = try suite.cAPICostPerFrame()
  let cAPIRatio = cAPI.ratio
  report.add(
    "10. overlay update + draw per frame through the C API, banner shown, headless",
    "\(formatted(cAPI.c / 1000, 2)) µs", goal: "—", met: nil)
  report.add(
    "   the same through the Swift API (AdOverlay)", "\(formatted(cAPI.swift / 1000, 2)) µs", goal: "—", met: nil)
  report.add(
    "   **ratio Swift cost / C cost**", "**\(formatted(cAPIRatio, 3))**", goal: ">= 0.95", met: cAPIRatio >= 0.95)
  report.add(
    "   allocations per frame through the C API", formatted(cAPI.cAllocationsPerFrame, 2), goal: "0",
    met: cAPI.cAllocationsPerFrame == 0)
  let audioLatency = try suite.audioPauseLatency()
  report.add(
    "11. audio pause latency: frames from the pause to a silent buffer (\(audioLatency.pauses) pauses), median",
    formatted(audioLatency.median, 0), goal: "—", met: nil)
  report.add(
    "   the same, largest", formatted(audioLatency.max, 0), goal: "<= 1024 (one buffer)",
    met: audioLatency.max <= 1024)
}
