import Foundation
import IntermissionCore
import IntermissionTrace

extension BenchmarkSuite {
  /// The timeline picture and the Perfetto file of a ten-minute run of the program (fixed step, a
  /// rotation every 5 viewable seconds, the player's pause and an ad every 10 s): how long each
  /// takes to make, and how large it is.
  func tenMinuteTimeline() throws -> (traceBytes: Int, seconds: Double, svgBytes: Int, perfettoSeconds: Double) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-trace-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var script = ""
    for start in stride(from: 10, to: 600, by: 10) {
      script += "\(start) key P\n\(start + 2) key P\n\(start + 4) click 480 595\n\(start + 5) key Escape\n"
    }
    let scriptPath = folder.appendingPathComponent("s.txt").path
    let tracePath = folder.appendingPathComponent("t.jsonl").path
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    let run = try ChildProcess.run(
      "intermission",
      [
        "--headless", "--fixed-step", "--no-audio", "--seconds", "600", "--refresh", "5", "--script", scriptPath,
        "--trace", tracePath,
      ])
    guard run.exitCode == 0 else {
      throw BenchmarkError(message: "the ten-minute run exited with \(run.exitCode.map(String.init) ?? "a signal")")
    }
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: tracePath)))
    var started = MonotonicClock.readSeconds()
    let svg = TimelinePicture().svg(of: Timeline(TraceLog(bytes: bytes)), title: "ten minutes")
    try svg.write(toFile: folder.appendingPathComponent("t.svg").path, atomically: false, encoding: .utf8)
    let seconds = MonotonicClock.readSeconds() - started
    started = MonotonicClock.readSeconds()
    _ = PerfettoTrace.json(of: TraceLog(bytes: bytes))
    return (bytes.count, seconds, svg.utf8.count, MonotonicClock.readSeconds() - started)
  }
}
