import Foundation
import IntermissionTestSupport
import Testing

/// The program against an ad server that answers badly in every way it can (`Tests/Servers/hostile.py`
/// on 127.0.0.1): each case ends in no banner, an `ad.failed` naming the reason, an exit within the
/// transfer timeout plus a few seconds, and a peak resident memory under 200 MB. A broken ad is no
/// ad, never a crash or a hang.
// Two cases at a time, each half of them in a serialized suite of its own: each case waits for a
// transfer timeout, and 17 programs at once (under the sanitizers, slow ones) would starve the tests
// that run beside them on a 2-core machine, while one at a time made this suite the longest path
// of the whole run. Each waits for its program on a thread of its own (`finished()`), leaving its
// thread to those tests meanwhile.
@Suite("A hostile ad server")
struct HostileServerTests {
  /// The transfer timeout given to the program (`--ads-timeout`).
  static let transferTimeout = 3.0

  /// A case: the path asked for (the manifest itself, or `manifest/CASE` whose image is the case),
  /// and what the `ad.failed` reason must say.
  struct Case: CustomTestStringConvertible, Sendable {
    let path: String
    let reason: String
    var testDescription: String { path }
  }

  /// The cases that wait for the transfer timeout, and the quicker ones with them.
  static let waitingCases: [Case] = [
    Case(path: "trickle", reason: "timed out"),
    Case(path: "endless-headers", reason: "timed out"),
    Case(path: "silent", reason: "timed out"),
    Case(path: "manifest/silent", reason: "timed out"),
    Case(path: "big-header", reason: "header"),
    Case(path: "short", reason: "unreachable"),
    Case(path: "bad-chunk", reason: "chunk"),
  ]

  /// The cases whose server answers at once, wrongly.
  static let answeringCases: [Case] = [
    Case(path: "gzip-bomb", reason: "not valid JSON"),
    Case(path: "manifest/gzip-bomb", reason: "refused"),
    Case(path: "html", reason: "not valid JSON"),
    Case(path: "manifest/html", reason: "refused"),
    Case(path: "deep", reason: "nested more than 64 deep"),
    Case(path: "reset", reason: "unreachable"),
    Case(path: "manifest/reset", reason: "unreachable"),
    Case(path: "not-http", reason: "HTTP/0.9"),
    Case(path: "not-modified", reason: "HTTP 304 to a request without a cached ETag"),
    Case(path: "redirect-loop", reason: "more than 3 redirects"),
  ]

  /// Half of the cases, one at a time.
  @Suite(.serialized)
  struct Waiting {
    @Test(arguments: HostileServerTests.waitingCases)
    func aBadAnswerIsNoAdNeverACrashOrAHang(_ hostile: Case) async throws {
      try await HostileServerTests.check(hostile)
    }
  }

  /// The other half, one at a time, beside the first.
  @Suite(.serialized)
  struct Answering {
    @Test(arguments: HostileServerTests.answeringCases)
    func aBadAnswerIsNoAdNeverACrashOrAHang(_ hostile: Case) async throws {
      try await HostileServerTests.check(hostile)
    }
  }

  /// Runs the program against the hostile server's `hostile` case and checks how it ended.
  static func check(_ hostile: Case) async throws {
    let runner = try ProgramRunner()
    let server = try HostileServer()
    let program = try SpawnedProgram(
      ProgramRunner.executable.path,
      [
        "--headless", "--fixed-step", "--no-audio", "--seconds", "1", "--ads", server.url(hostile.path),
        "--ads-timeout",
        String(Self.transferTimeout), "--trace", runner.path("t.jsonl"),
      ], stderr: runner.path("stderr.txt"),
      environment: ["XDG_CACHE_HOME": runner.path("cache"), "XDG_DATA_HOME": runner.path("data")])
    let outcome = await program.finished()
    let elapsed = outcome.seconds
    #expect(outcome.exitCode == 0, "ended by signal \(outcome.signal ?? 0)")
    #expect(elapsed < Self.transferTimeout * 2 + 5, "took \(elapsed) s")
    #expect(outcome.peakKiB < 200 * 1024, "peak RSS \(outcome.peakKiB) KiB")
    let lines = try runner.traceLines("t.jsonl")
    #expect(!lines.contains { $0.contains(#""event":"banner.shown""#) }, "no banner")
    let failed = lines.first { $0.contains(#""event":"ad.failed""#) } ?? ""
    #expect(failed.contains(hostile.reason), "\(failed)")
    #expect(lines.last?.contains(#""event":"host.stopped","reason":"seconds""#) == true)
    let stderr = (try? String(contentsOfFile: runner.path("stderr.txt"), encoding: .utf8)) ?? ""
    #expect(stderr.contains("intermission: warning: ads:"), "the user hears of it: \(stderr)")
  }
}
