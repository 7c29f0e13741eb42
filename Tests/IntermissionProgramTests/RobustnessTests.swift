import CAllocationCounter
import Foundation
import IntermissionBasics
import IntermissionCore
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// Untrusted input end to end: each defect found by fuzzing, as the program meets it.
@Suite("Untrusted input, as a process")
struct RobustnessTests {
  static let headless = ["--headless", "--fixed-step"]
  /// Sanitizers add shadow memory to every process, so peak memory is only measured without them.
  static let measuresMemory = allocation_counter_is_available() == 1

  // MARK: - Scripts

  @Test(arguments: [
    ("0.5 click 1e10 0", "x 1e10 is outside the largest window"),
    ("0.5 move -3e9 -3e9", "x -3e9 is outside the largest window"),
    ("0.5 drag 0 0 1e10 0", "x 1e10 is outside the largest window"),
    ("0.5 wheel 2147483648", "wheel turn 2147483648 is beyond ±1000 notches"),
    ("0.5 click 1e308 1", "x 1e308 is outside the largest window"),
    ("0.5 resize 16384 16384", "resize needs a width from 200 to 8192"),
  ])
  func scriptValuesBeyondTheLargestWindowAreRejectedBeforeAnyWindow(line: String, reason: String) throws {
    let runner = try ProgramRunner()
    let script = try runner.write("s.txt", line + "\n")
    let result = try runner.run(Self.headless + ["--frames", "60", "--script", script, "--trace", runner.path("t")])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("\(script):1: \(reason)"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: runner.path("t")), "nothing was opened")
  }

  @Test func crlfScriptsBehaveLikeLFScripts() throws {
    let runner = try ProgramRunner()
    let lines = ["1.0 key P", "1.5 click 480 595", "2.0 key Escape", "2.5 KEY p"]
    let lf = try runner.write("lf.txt", lines.joined(separator: "\n") + "\n")
    let crlf = try runner.write("crlf.txt", lines.joined(separator: "\r\n") + "\r\n")
    for (script, trace) in [(lf, "lf.jsonl"), (crlf, "crlf.jsonl")] {
      let result = try runner.run(
        Self.headless + ["--seconds", "3", "--script", script, "--trace", runner.path(trace)])
      #expect(result.status == 0, "\(result.stderr)")
    }
    let lfTrace = try runner.traceLines("lf.jsonl")
    #expect(lfTrace == (try runner.traceLines("crlf.jsonl")))
    #expect(lfTrace.contains { $0.contains(#""event":"game.resumed","reason":"user""#) }, "all four lines ran")

    let bad = try runner.write("bad.txt", "1.0 jump\r\n")
    let result = try runner.run(Self.headless + ["--frames", "1", "--script", bad])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(bad):1: unknown verb 'jump'"), "\(result.stderr)")
    #expect(!result.stderr.dropLast().unicodeScalars.contains { PrintableText.isControl($0) }, "one clean line")
  }

  @Test func scriptedEventsBeyondSDLsQueueAreDeliveredNotDropped() throws {
    let runner = try ProgramRunner()
    var text = "1.0 key P\n"
    for index in 0..<70_000 { text += "1.0 move \(index % 900) \(index % 500)\n" }
    text += "1.0 key P\n"
    let script = try runner.write("s.txt", text)
    let result = try runner.run(
      Self.headless + ["--no-ads", "--seconds", "3", "--script", script, "--trace", runner.path("t.jsonl")])
    #expect(result.status == 0, "\(result.stderr)")
    let events = try runner.traceLines("t.jsonl").filter { $0.contains("\"event\":\"game.") }
    #expect(events.count == 2, "\(events)")
    #expect(events.last?.contains(#""event":"game.resumed","reason":"user""#) == true, "the second P arrived")
  }

  // MARK: - Ad folders

  /// An ad folder in the runner's folder whose manifest names `image`.
  func adFolder(_ runner: ProgramRunner, image: String = "creative.png") throws -> String {
    let folder = runner.folder.appendingPathComponent("ads")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let manifest = folder.appendingPathComponent("manifest.json").path
    try Data(#"{"ads":[{"id":"x","image":"\#(image)","title":"X","action":"in-app"}]}"#.utf8).write(
      to: URL(fileURLWithPath: manifest))
    return manifest
  }

  @Test func aFIFOAsAnAdImageFailsTheLoadAtOnceInsteadOfHanging() throws {
    let runner = try ProgramRunner()
    let manifest = try adFolder(runner, image: "f.png")
    #expect(mkfifo(runner.folder.appendingPathComponent("ads/f.png").path, 0o644) == 0)
    for clock in [["--fixed-step"], []] {
      let result = try runner.run(
        ["--headless", "--ads", manifest, "--seconds", "1", "--ad-latency", "0.1", "--trace", runner.path("t.jsonl")]
          + clock, timeout: 20)
      #expect(result.status == 0, "\(result.stderr)")
      let failure = try runner.traceLines("t.jsonl").first { $0.contains("ad.failed") }
      #expect(failure?.contains("not a regular file (a FIFO)") == true, "\(failure ?? "no ad.failed")")
      #expect(result.stderr.contains("intermission: warning: ads: \(manifest): "), "\(result.stderr)")
    }
  }

  @Test func aFIFOAsTheManifestFailsTheLoad() throws {
    let runner = try ProgramRunner()
    let manifest = runner.path("manifest.json")
    #expect(mkfifo(manifest, 0o644) == 0)
    let result = try runner.run(
      Self.headless + ["--ads", manifest, "--frames", "60", "--trace", runner.path("t.jsonl")], timeout: 20)
    #expect(result.status == 0)
    #expect(
      result.stderr.contains("intermission: warning: ads: \(manifest): cannot read: not a regular file (a FIFO)"),
      "\(result.stderr)")
  }

  @Test func eachDistinctAdFailureIsWarnedOnceOnStandardError() throws {
    let runner = try ProgramRunner()
    let manifest = try adFolder(runner, image: "gone.png")
    let result = try runner.run(
      Self.headless + ["--ads", manifest, "--seconds", "3", "--refresh", "0.2", "--trace", runner.path("t.jsonl")])
    #expect(result.status == 0)
    let failures = try runner.traceLines("t.jsonl").filter { $0.contains("ad.failed") }
    #expect(failures.count >= 3, "retried: \(failures.count)")
    let warnings = result.stderr.split(separator: "\n")
    #expect(warnings == ["intermission: warning: ads: \(manifest): ad 'x': image file 'gone.png' does not exist"])
  }

  /// Image files that SDL_image would decode into gigabytes, each a few bytes long.
  static let imageBombs: [(String, [UInt8], String)] = [
    (
      "bomb.gif", Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xF0, 0, 0] + [UInt8](repeating: 0, count: 16),
      "unsupported image format"
    ),
    (
      "bomb.bmp",
      Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0, 0x30, 0x75, 0, 0, 0x30, 0x75, 0, 0]
        + [1, 0, 24, 0] + [UInt8](repeating: 0, count: 40), "unsupported image format"
    ),
    ("bomb.ppm", Array("P6\n30000 30000\n255\n".utf8) + [UInt8](repeating: 0, count: 100), "unsupported image format"),
    (
      "bomb.svg", Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"></svg>"#.utf8),
      "unsupported image format"
    ),
    (
      "bomb.xpm", Array(#"/* XPM */ static char *x[] = {"30000 30000 1 1", "  c #000000", };"#.utf8),
      "unsupported image format"
    ),
    ("bomb.png", Array("not a png at all, but named like one".utf8), "unsupported image format"),
    (
      "bomb.jpg",
      [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        + [
          0xFF, 0xC0, 0x00, 0x11, 0x08, 0x1F, 0x40, 0x1F, 0x40, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11,
          0x01,
        ]
        + [0xFF, 0xD9], "JPEG declares 8000x8000 pixels, more than 4096 a side"
    ),
    (
      "wide.png",
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + [0, 0, 0x10, 0, 0, 0, 0x10, 0, 8, 6, 0, 0, 0, 0, 0, 0, 0],
      "PNG declares 4096x4096 pixels, more than 2097152 in all"
    ),
  ]

  @Test(arguments: 0..<imageBombs.count)
  func imageBombsAreRefusedBeforeDecodingAndMemoryStaysBounded(index: Int) throws {
    let (name, bytes, reason) = Self.imageBombs[index]
    let runner = try ProgramRunner()
    let manifest = try adFolder(runner, image: name)
    try Data(bytes).write(to: runner.folder.appendingPathComponent("ads/" + name))
    let program = try SpawnedProgram(
      ProgramRunner.executable.path,
      Self.headless + ["--ads", manifest, "--frames", "40", "--trace", runner.path("t.jsonl")])
    let outcome = program.wait()
    #expect(outcome.exitCode == 0)
    let failure = try runner.traceLines("t.jsonl").first { $0.contains("ad.failed") }
    #expect(failure?.contains(reason) == true, "\(name): \(failure ?? "no ad.failed")")
    #expect(outcome.peakKiB > 4 * 1024, "the program's memory was read while it ran")
    #expect(!Self.measuresMemory || outcome.peakKiB < 100 * 1024, "\(name): peak RSS \(outcome.peakKiB) KiB")
  }

  @Test func theLargestAllowedCreativeLoadsWithinTheMemoryBound() throws {
    let runner = try ProgramRunner()
    let manifest = try adFolder(runner, image: "largest.png")
    try Surface(width: 4096, height: 512).savePNG(to: runner.folder.appendingPathComponent("ads/largest.png").path)
    let program = try SpawnedProgram(
      ProgramRunner.executable.path,
      Self.headless + ["--ads", manifest, "--frames", "60", "--trace", runner.path("t.jsonl")])
    let outcome = program.wait()
    #expect(outcome.exitCode == 0)
    #expect(try runner.traceLines("t.jsonl").contains { $0.contains(#""event":"ad.loaded""#) })
    #expect(outcome.peakKiB > 4 * 1024, "the program's memory was read while it ran")
    #expect(!Self.measuresMemory || outcome.peakKiB < 100 * 1024, "peak RSS \(outcome.peakKiB) KiB")
  }

  // MARK: - Outputs

  @Test(arguments: [
    (
      ["--trace", "/dev/full"],
      "cannot open trace file /dev/full: not a regular file (use /dev/stdout for standard output)"
    ),
    (["--screenshot", "/dev/full"], "cannot write screenshot /dev/full: the name must end in .png"),
    (
      ["--screenshot", "/nonexistent/dir/x.png"],
      "cannot write screenshot /nonexistent/dir/x.png: its folder does not exist"
    ),
    (["--screenshot", "shot.jpg"], "cannot write screenshot shot.jpg: the name must end in .png"),
  ])
  func unwritableOutputsAreRefusedBeforeAnyWindow(arguments: [String], message: String) throws {
    let runner = try ProgramRunner()
    let result = try runner.run(Self.headless + ["--frames", "600"] + arguments)
    #expect(result.status == 2)
    #expect(result.stderr == "intermission: \(message)\n", "\(result.stderr)")
  }

  @Test func fifosAsTraceOrFontAreRefusedNotWaitedFor() throws {
    let runner = try ProgramRunner()
    #expect(mkfifo(runner.path("fifo"), 0o644) == 0)
    let trace = try runner.run(Self.headless + ["--frames", "1", "--trace", runner.path("fifo")], timeout: 20)
    #expect(trace.status == 2)
    #expect(trace.stderr.contains("cannot open trace file \(runner.path("fifo")): not a regular file"))
    let font = try runner.run(Self.headless + ["--frames", "1", "--font", runner.path("fifo")], timeout: 20)
    #expect(font.status == 1)
    #expect(font.stderr.contains("font file '\(runner.path("fifo"))' (--font): not a regular file (a FIFO)"))
  }

  @Test func aFullDiskDuringTheRunEndsWithExitOneNamingTheFile() throws {
    let runner = try ProgramRunner()
    let program = try SpawnedProgram(
      ProgramRunner.executable.path, Self.headless + ["--frames", "30", "--trace", "/dev/stdout"], stdout: "/dev/full")
    #expect(program.wait().exitCode == 1)
    let result = try runner.run(Self.headless + ["--frames", "30", "--trace", "/dev/stdout"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix(#"{"frame":0,"time":0.000000,"event":"host.started""#), "stdout by choice")
  }

  @Test func aClosedTracePipeIsAWriteFailureNotASIGPIPEDeath() throws {
    let runner = try ProgramRunner()
    let program = try runner.start(Self.headless + ["--seconds", "5", "--trace", "/dev/stdout"])
    try program.out.fileHandleForReading.close()
    let err = program.err.fileHandleForReading.readDataToEndOfFile()
    program.process.waitUntilExit()
    #expect(program.process.terminationReason == .exit)
    #expect(program.process.terminationStatus == 1)
    #expect(String(decoding: err, as: UTF8.self).contains("cannot write trace file /dev/stdout: Broken pipe"))
  }

  // MARK: - Signals

  @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")])
  func aStopDuringSetUpEndsCleanlyWithHostStopped(signal: Int32, name: String) throws {
    let runner = try ProgramRunner()
    // Blocked until the program installs its handlers, the signal arrives in its first microseconds.
    let program = try SpawnedProgram(
      ProgramRunner.executable.path, Self.headless + ["--seconds", "30", "--trace", runner.path("t.jsonl")],
      blockingStopSignals: true)
    kill(program.pid, signal)
    let outcome = program.wait()
    #expect(outcome.exitCode == 0, "signal \(outcome.signal ?? 0)")
    let last = try runner.traceLines("t.jsonl").last ?? ""
    #expect(last.contains(#""event":"host.stopped","reason":"signal","detail":"\#(name)""#), "\(last)")
  }

  /// A preloaded library that wraps `__libc_start_main`: it unblocks and raises the signal named
  /// by `SHIM_SIGNAL` after every ELF constructor has run and before `main`, the moment the Swift
  /// runtime starts and before the launcher's first step.
  static let beforeMainShim = """
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <signal.h>
    #include <stdlib.h>
    typedef int (*main_fn)(int, char **, char **);
    typedef int (*start_fn)(main_fn, int, char **, void (*)(void), void (*)(void), void (*)(void), void *);
    static main_fn real_main;
    static int raising_main(int argc, char **argv, char **envp) {
      const char *name = getenv("SHIM_SIGNAL");
      if (name) {
        /* Delivered now, whatever mask the test process passed on. */
        sigset_t stop;
        sigemptyset(&stop);
        sigaddset(&stop, atoi(name));
        sigprocmask(SIG_UNBLOCK, &stop, NULL);
        raise(atoi(name));
      }
      return real_main(argc, argv, envp);
    }
    int __libc_start_main(main_fn main, int argc, char **argv, void (*init)(void), void (*fini)(void),
                          void (*rtld_fini)(void), void *stack_end) {
      real_main = main;
      start_fn start = (start_fn)dlsym(RTLD_NEXT, "__libc_start_main");
      return start(raising_main, argc, argv, init, fini, rtld_fini, stack_end);
    }
    """

  @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")])
  func aStopBeforeMainIsNotedByTheConstructorAndEndsCleanly(signal: Int32, name: String) throws {
    let runner = try ProgramRunner()
    let source = try runner.write("shim.c", Self.beforeMainShim)
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compiler.arguments = ["cc", "-shared", "-fPIC", "-o", runner.path("shim.so"), source, "-ldl"]
    try compiler.run()
    compiler.waitUntilExit()
    try #require(compiler.terminationStatus == 0, "cc built the shim")
    let result = try runner.run(
      Self.headless + ["--seconds", "30", "--trace", runner.path("t.jsonl")],
      environment: [
        "LD_PRELOAD": runner.path("shim.so"), "SHIM_SIGNAL": String(signal),
        // Under scripts/sanitize: AddressSanitizer's runtime need not come before the shim.
        "ASAN_OPTIONS": (ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "")
          + "verify_asan_link_order=0",
      ])
    #expect(result.status == 0, "ended by the signal instead: \(result.stderr)")
    let lines = try runner.traceLines("t.jsonl")
    #expect(lines.count == 1, "nothing ran: \(lines)")
    #expect(lines.last?.contains(#""event":"host.stopped","reason":"signal","detail":"\#(name)""#) == true)
  }
}
