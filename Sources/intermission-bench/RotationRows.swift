import Foundation

/// Row 9: frame times during ad rotation on the real clock, from the shipped ads and from an HTTP
/// server that takes 1 s a response; with `drawsPicture`, the frame times also as
/// docs/rotation-frame-times.svg.
func addRotationRows(_ suite: BenchmarkSuite, drawsPicture: Bool, to report: inout Report) throws {
  progress("9/10 frame times during ad rotation (real clock, 60 fps, --refresh 1) ...")
  let rotation = try suite.rotationFrameTimes()
  report.add(
    "9. frames over the 16.7 ms budget during \(rotation.rotations) rotations (\(rotation.frames) frames)",
    String(rotation.overBudget), goal: "0", met: rotation.overBudget == 0)
  report.add(
    "   longest frame during rotations", "\(formatted(rotation.max * 1000, 2)) ms", goal: "<= 16.7 ms",
    met: rotation.max <= 1.0 / 60)
  report.add("   p99 frame time during rotations", "\(formatted(rotation.p99 * 1000, 2)) ms", goal: "—", met: nil)
  progress("   ... and from an HTTP server whose every response takes 1 s")
  let (slow, requests) = try suite.rotationFrameTimesOverSlowHTTP()
  report.add(
    "   frames over budget during \(slow.rotations) rotations over HTTP, 1 s each (\(slow.frames) frames, "
      + "\(requests) requests)", String(slow.overBudget), goal: "0", met: slow.overBudget == 0)
  report.add(
    "   longest frame during rotations over slow HTTP", "\(formatted(slow.max * 1000, 2)) ms", goal: "<= 16.7 ms",
    met: slow.max <= 1.0 / 60)
  report.add(
    "   p99 frame time during rotations over slow HTTP", "\(formatted(slow.p99 * 1000, 2)) ms", goal: "—", met: nil)
  if drawsPicture {
    // The frame times themselves, as a picture that BENCHMARKS.md shows.
    let picture = FrameTimePicture.svg([
      ("Rotations of the shipped ads (\(rotation.rotations) rotations)", rotation.durations),
      ("Rotations from an HTTP server answering in 1 s (\(slow.rotations) rotations)", slow.durations),
    ])
    try picture.write(toFile: "docs/rotation-frame-times.svg", atomically: true, encoding: .utf8)
  }
}
