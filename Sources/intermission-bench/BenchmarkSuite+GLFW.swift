import Foundation
import IntermissionCore

/// The GLFW example (Examples/glfw-game) in a real window: a game on OpenGL with the overlay on
/// pixels, built against the library as a C game builds it.
extension BenchmarkSuite {
  // MARK: - 16. The GLFW example

  /// The GLFW example and the C example (on an SDL renderer), built with `cc` and pkg-config
  /// against the library that `scripts/install-lib` installs into `folder`.
  func buildExamples(in folder: URL) throws -> (glfw: String, sdl: String) {
    let prefix = folder.appendingPathComponent("prefix").path
    let install = try ChildProcess.run("/bin/sh", ["-c", "scripts/install-lib '\(prefix)' >/dev/null 2>&1"])
    guard install.exitCode == 0 else { throw BenchmarkError(message: "scripts/install-lib failed") }
    let flags = try ChildProcess.run(
      "/usr/bin/pkg-config", ["--cflags", "--libs", "intermission", "glfw3", "gl"],
      environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"])
    guard flags.exitCode == 0 else { throw BenchmarkError(message: "pkg-config: \(flags.output)") }
    let sdlFlags = try ChildProcess.run(
      "/usr/bin/pkg-config", ["--cflags", "--libs", "intermission"],
      environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"])
    func words(_ text: String) -> [String] {
      text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
    var built: [String] = []
    for (source, name, libraries) in [
      ("Examples/glfw-game/main.c", "glfw-game", flags.output), ("Examples/c-game/main.c", "c-game", sdlFlags.output),
    ] {
      let game = folder.appendingPathComponent(name).path
      let build = try ChildProcess.run("/usr/bin/cc", ["-std=c99", "-O2", source] + words(libraries) + ["-o", game])
      guard build.exitCode == 0 else { throw BenchmarkError(message: "\(source) did not build") }
      built.append(game)
    }
    return (built[0], built[1])
  }

  /// What the GLFW example came to in a real window under Xvfb (800×600, 60 frames a second).
  struct GLFWRuns {
    /// CPU seconds of one play of the 8 s 1280×720 clip as a rewarded ad: a launch that plays it,
    /// less the same launch with its banner alone.
    let videoCPU: Double
    /// CPU seconds of `ffplay` playing the same file in a window of the same size.
    let ffplayCPU: Double
    /// Frames over the 16.7 ms budget (update, draw, upload and swap) while the clip played, over
    /// `plays` plays: from each `video.started` to its `video.completed`, by the trace's frames.
    let overBudget: Int
    let frames: Int
    let plays: Int
    let longest: Double
    /// Peak resident memory (KiB) with the overlay and its banner, and of the same game without it.
    let peakWithOverlay: Int
    let peakWithout: Int
    /// The same two of the C example on an SDL renderer (headless, 240 frames): the SDL path's.
    let sdlPeakWithOverlay: Int
    let sdlPeakWithout: Int
  }

  /// Runs the GLFW example: `plays` plays of the clip (R, then Escape after its end, then Q), its
  /// CPU against ffplay's on the same file, and its peak memory with and without the overlay, the
  /// banner shown (4 s, then Q). Real X input through xdotool.
  func glfwRuns(_ clips: VideoClips) throws -> GLFWRuns {
    let folder = clips.folder.appendingPathComponent("glfw")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let (game, sdlGame) = try buildExamples(in: folder)
    let display = try VirtualDisplay()
    defer { display.stop() }
    let environment = [
      "DISPLAY": display.name, "SDL_AUDIODRIVER": "disk",
      "SDL_DISKAUDIOFILE": folder.appendingPathComponent("ad.raw").path,
    ]
    /// Runs the game while `keys` (a shell fragment of xdotool calls and sleeps) drives its window.
    func run(_ arguments: [String], keys: String) throws -> ChildProcess.Outcome {
      let driver = Process()
      driver.executableURL = URL(fileURLWithPath: "/bin/sh")
      driver.arguments = [
        "-c",
        "w=$(timeout 20 xdotool search --sync --name '^GLFW game$' | head -n 1); [ -n \"$w\" ] || exit 1; "
          + "xdotool windowfocus --sync \"$w\"; \(keys); xdotool key q",
      ]
      driver.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      try driver.run()
      defer {
        if driver.isRunning { driver.terminate() }
        driver.waitUntilExit()
      }
      let outcome = try ChildProcess.run(game, arguments, environment: environment)
      guard outcome.exitCode == 0 else { throw BenchmarkError(message: "the GLFW example failed: \(outcome.output)") }
      return outcome
    }
    let plays = quick ? 1 : 5
    let log = folder.appendingPathComponent("frames.txt")
    let trace = folder.appendingPathComponent("trace.jsonl")
    /// Plays number `n` of the clip: R, then Escape once the trace at `path` has `n` completions.
    func play(_ n: Int, tracedAt path: String) -> String {
      "sleep 1.5; xdotool key r; for _ in $(seq 300); do [ \"$(grep -c '\"\(TraceEvent.videoCompleted.name)\"' '\(path)')\" -ge \(n) ] "
        + "&& break; sleep 0.1; done; sleep 0.3; xdotool key Escape; sleep 0.5"
    }
    _ = try run(
      ["--ads", clips.playManifest, "--frame-log", log.path, "--trace", trace.path],
      keys: (1...plays).map { play($0, tracedAt: trace.path) }.joined(separator: "; "))
    let allTimes = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap { Double($0) }
    let traced = try String(contentsOf: trace, encoding: .utf8)
    let times = try Self.framesWhilePlaying(allTimes, trace: traced)
    let completed = traced.components(separatedBy: "\"event\":\"\(TraceEvent.videoCompleted.name)\"").count - 1
    guard completed == plays else {
      throw BenchmarkError(message: "the GLFW example completed \(completed) plays of the clip, not \(plays)")
    }
    // The play's own CPU: a launch that plays the clip, less a launch as long with its banner alone.
    let singleTrace = folder.appendingPathComponent("single.jsonl").path
    let single = try run(["--ads", clips.playManifest, "--trace", singleTrace], keys: play(1, tracedAt: singleTrace))
    let still = try run(["--ads", clips.playManifest], keys: "sleep \(max(1, single.wallSeconds - 0.5))")
    let ffplay = try ChildProcess.run(
      "/usr/bin/ffplay", ["-autoexit", "-loglevel", "quiet", "-x", "800", "-y", "600", clips.playClip],
      environment: environment)
    guard ffplay.exitCode == 0 else { throw BenchmarkError(message: "ffplay failed: \(ffplay.output)") }
    let banner = try run(["--ads", bannerManifestPath], keys: "sleep 4")
    let without = try run(["--no-ads"], keys: "sleep 4")
    let sdl = try ["--ads", "--no-ads"].map { flag in
      let outcome = try ChildProcess.run(
        sdlGame, ["--headless", "--frames", "240"] + (flag == "--ads" ? [flag, bannerManifestPath] : [flag]),
        environment: ["SDL_AUDIODRIVER": "dummy"])
      guard outcome.exitCode == 0 else { throw BenchmarkError(message: "the C example failed: \(outcome.output)") }
      return outcome.peakKiB
    }
    return GLFWRuns(
      videoCPU: single.cpuSeconds - still.cpuSeconds, ffplayCPU: ffplay.cpuSeconds,
      overBudget: times.filter { $0 > 1000.0 / 60 }.count,
      frames: times.count, plays: plays, longest: times.max() ?? 0, peakWithOverlay: banner.peakKiB,
      peakWithout: without.peakKiB, sdlPeakWithOverlay: sdl[0], sdlPeakWithout: sdl[1])
  }

  /// The frame times (the log's lines, one per frame from frame 0) of the frames from each
  /// `video.started` to its `video.completed` in `trace`.
  static func framesWhilePlaying(_ times: [Double], trace: String) throws -> [Double] {
    var playing: [Double] = []
    var started: Int?
    for line in trace.split(separator: "\n") {
      guard let data = line.data(using: .utf8),
        let event = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let name = event["event"] as? String, let frame = event["frame"] as? Int
      else { continue }
      if name == TraceEvent.videoStarted.name { started = frame }
      if name == TraceEvent.videoCompleted.name, let first = started {
        playing += times[min(first, times.count)..<min(frame + 1, times.count)]
        started = nil
      }
    }
    return playing
  }
}
