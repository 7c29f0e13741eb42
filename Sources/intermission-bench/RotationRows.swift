import Foundation

/// Row 9: frame times during ad rotation on the real clock, from the shipped ads and from an HTTP
/// server that takes 1 s a response; with `drawsPicture`, the frame times also as
/// docs/rotation-frame-times.svg.
func addRotationRows(_ suite: BenchmarkSuite, drawsPicture: Bool, to report: inout Report) throws {
  progress("9/10 frame times during ad rotation (real clock, 60 fps, --refresh 1) ...")
  let rotation = try suite.rotationFrameTimes()
  report.addFrameTimes(
    "9. frames over the 16.7 ms budget during \(rotation.rotations) rotations (\(rotation.frames) frames)",
    during: "rotations", overBudget: rotation.overBudget, max: rotation.max, p99: rotation.p99)
  progress("   ... and from an HTTP server whose every response takes 1 s")
  let (slow, requests) = try suite.rotationFrameTimesOverSlowHTTP()
  report.addFrameTimes(
    "   frames over budget during \(slow.rotations) rotations over HTTP, 1 s each (\(slow.frames) frames, "
      + "\(requests) requests)", during: "rotations over slow HTTP", overBudget: slow.overBudget, max: slow.max,
    p99: slow.p99)
  if drawsPicture {
    // The frame times themselves, as a picture that BENCHMARKS.md shows.
    let picture = FrameTimePicture.svg([
      ("Rotations of the shipped ads (\(rotation.rotations) rotations)", rotation.durations),
      ("Rotations from an HTTP server answering in 1 s (\(slow.rotations) rotations)", slow.durations),
    ])
    try picture.write(toFile: "docs/rotation-frame-times.svg", atomically: true, encoding: .utf8)
  }
}
