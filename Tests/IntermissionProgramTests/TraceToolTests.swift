import Foundation
import IntermissionTestSupport
import IntermissionTrace
import Testing

/// `intermission-trace`, the program: the README's timeline made as its command makes it, and
/// standard input to standard output.
@Suite("intermission-trace")
struct TraceToolTests {
  @Test func theREADMEsTimelineIsTheDemosOwnRunAsTheCommandMakesIt() throws {
    let runner = try ProgramRunner()
    let script = ProgramRunner.root.appendingPathComponent("docs/timeline-script.txt").path
    let result = try runner.run([
      "--headless", "--fixed-step", "--no-audio", "--seconds", "4", "--script", script, "--trace",
      runner.path("t.jsonl"),
    ])
    #expect(result.status == 0)
    let log = TraceLog(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: runner.path("t.jsonl")))))
    let svg = TimelinePicture().svg(of: Timeline(log), title: "The demo: P, a banner click, Escape, P")
    let committed = try String(
      contentsOf: ProgramRunner.root.appendingPathComponent("docs/timeline.svg"), encoding: .utf8)
    #expect(svg == committed, "docs/timeline.svg is out of date: run the command in the README")
    let bars = try TraceFixtures.bars(of: svg)
    #expect(bars.filter { $0.lane == "hold: user" }.count == 1 && bars.filter { $0.lane == "hold: ad" }.count == 1)
  }

  @Test func theCommandReadsStandardInputAndWritesStandardOutput() throws {
    let tool = ProgramRunner.executable.deletingLastPathComponent().appendingPathComponent("intermission-trace")
    for (command, start) in [("timeline", "<svg "), ("perfetto", "{\"displayTimeUnit\"")] {
      let process = Process()
      process.executableURL = tool
      process.arguments = [command, "-", "-o", "-"]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      // A closed pipe is EPIPE here, never this test process's death by SIGPIPE.
      signal(SIGPIPE, SIG_IGN)
      try? input.fileHandleForWriting.write(contentsOf: Data(TraceFixtures.timeline.utf8))
      try input.fileHandleForWriting.close()
      let written = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(command)")
      #expect(String(decoding: written, as: UTF8.self).hasPrefix(start), "\(command)")
    }
  }
}
