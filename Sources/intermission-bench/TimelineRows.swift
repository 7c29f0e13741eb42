/// Row 12: intermission-trace on a ten-minute run's trace, as a timeline picture and as a Perfetto
/// trace.
func addTimelineRows(_ suite: BenchmarkSuite, to report: inout Report) throws {
  progress("12. intermission-trace on a ten-minute trace ...")
  let timeline = try suite.tenMinuteTimeline()
  report.add(
    "12. timeline picture of a ten-minute run's trace (\(formatted(Double(timeline.traceBytes) / 1_000_000, 2)) MB): time",
    "\(formatted(timeline.seconds, 3)) s", goal: "< 2 s", met: timeline.seconds < 2)
  report.add(
    "   its size", "\(formatted(Double(timeline.svgBytes) / 1000, 0)) kB", goal: "< 1 MB",
    met: timeline.svgBytes < 1_000_000)
  report.add(
    "   the same run as a Perfetto trace: time", "\(formatted(timeline.perfettoSeconds, 3)) s", goal: "—", met: nil)
}
