import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import IntermissionSDL

/// The measurements against the direct-drawing C program, and the frame times during ad rotation.
extension BenchmarkSuite {
  /// The C baseline's common arguments.
  var baselineArguments: [String] { ["--font", fontPath, "--image", creativePath] }

  // MARK: - 7. Real window at 60 fps

  /// CPU seconds each program uses to show the menu and banner in a real X11 window (Xvfb) at 60 fps
  /// for `seconds` seconds; medians over alternating runs.
  func windowedCPU() throws -> (swift: Double, c: Double, seconds: Double) {
    let display = try VirtualDisplay()
    defer { display.stop() }
    let seconds = quick ? 3.0 : 10.0
    let environment = ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11"]
    var swift: [Double] = []
    var c: [Double] = []
    for _ in 0..<(quick ? 1 : 3) {
      let program = try ChildProcess.run(
        "intermission", ["--size", "960x640", "--fps", "60", "--seconds", String(seconds), "--no-audio"] + bannerAds,
        environment: environment)
      guard program.exitCode == 0 else { throw BenchmarkError(message: "intermission failed in a window") }
      swift.append(program.cpuSeconds)
      let baseline = try ChildProcess.run(
        "intermission-cbaseline", baselineArguments + ["--window", "--fps", "60", "--seconds", String(seconds)],
        environment: environment)
      guard baseline.exitCode == 0 else { throw BenchmarkError(message: "the C baseline failed in a window") }
      c.append(baseline.cpuSeconds)
    }
    return (Statistics.median(swift), Statistics.median(c), seconds)
  }

  // MARK: - 8. Start-up

  /// Seconds from spawn to exit after the first presented frame, headless; medians of alternating runs.
  /// Intermission runs without sound, as the C program does; `withAudio` is the same with the audio
  /// device opened and the sounds loaded (SDL's disk driver).
  func startUp() throws -> (swift: Double, c: Double, withAudio: Double) {
    var swift: [Double] = []
    var c: [Double] = []
    var withAudio: [Double] = []
    let arguments = ["--headless", "--fixed-step", "--frames", "1"] + bannerAds
    for _ in 0..<repetitions {
      // Each run with a data folder of its own (`ChildProcess.run`).
      swift.append(try ChildProcess.run("intermission", arguments + ["--no-audio"]).wallSeconds)
      withAudio.append(
        try ChildProcess.run("intermission", arguments, environment: BenchmarkSuite.diskAudio).wallSeconds)
      c.append(
        try ChildProcess.run("intermission-cbaseline", baselineArguments + ["--frames", "1", "--skip", "0"]).wallSeconds
      )
    }
    return (Statistics.median(swift), Statistics.median(c), Statistics.median(withAudio))
  }

  // MARK: - 9. Peak memory against C

  /// Peak resident memory, KiB, of each program over 1200 headless frames with the banner shown.
  /// Without sound, as the C program; `withAudio` with the music playing (SDL's disk driver).
  /// `withFullscreen` is the program on the shipped manifest, whose two 1280×720 full-screen
  /// creatives are preloaded: decoded and uploaded ahead of any show.
  func peakMemory() throws -> (swift: Int, c: Int, withAudio: Int, withFullscreen: Int) {
    let arguments = ["--headless", "--fixed-step", "--frames", "1200"]
    let program = try ChildProcess.run("intermission", arguments + bannerAds + ["--no-audio"])
    let baseline = try ChildProcess.run("intermission-cbaseline", baselineArguments + ["--frames", "1200"])
    let audio = try ChildProcess.run("intermission", arguments + bannerAds, environment: BenchmarkSuite.diskAudio)
    return (program.peakKiB, baseline.peakKiB, audio.peakKiB, try stillFullscreenPeakMemory())
  }

  /// Peak resident memory, in KiB, of Intermission (`--no-audio`) and of the C program over 60
  /// headless frames with the banner shown, the medians of three alternating runs each: the
  /// measurement of issue 40, where start-up's own memory weighs most. Each run of Intermission
  /// has a data folder of its own: the beacon queue that the impressions of a longer run leave in
  /// the benchmark's would load SQLite at the start of every later one (1.2 MiB more).
  func shortRunPeakMemory() throws -> (swift: Int, c: Int) {
    var swift: [Int] = []
    var c: [Int] = []
    for run in 0..<3 {
      let data = scratch.appendingPathComponent("short-run-\(run)").path
      let arguments = ["--headless", "--fixed-step", "--frames", "60", "--no-audio"] + bannerAds
      swift.append(try ChildProcess.run("intermission", arguments, environment: ["XDG_DATA_HOME": data]).peakKiB)
      c.append(try ChildProcess.run("intermission-cbaseline", baselineArguments + ["--frames", "60"]).peakKiB)
    }
    return (swift.sorted()[1], c.sorted()[1])
  }

  /// Peak resident memory, in KiB, of the program over 1,200 headless frames on the shipped
  /// manifest with its full-screen ads as pictures (two 1280×720 preloaded): line 6's last run, and
  /// the baseline of line 15's memory.
  func stillFullscreenPeakMemory() throws -> Int {
    let arguments = ["--headless", "--fixed-step", "--frames", "1200", "--no-audio", "--ads", stillManifestPath]
    return try ChildProcess.run("intermission", arguments).peakKiB
  }

  /// The floor of what the shipped manifest's full-screen preloads cost, in KiB: one decoded
  /// 32-bit copy (width × height × 4 bytes) of the creative each full-screen format preloads first.
  func fullscreenPreloadFloor() throws -> Int {
    let creatives = try AdManifest.load(path: stillManifestPath)
    var bytes = 0
    for format in [AdFormat.interstitial, .rewarded] {
      guard let first = creatives.first(where: { $0.format == format }) else { continue }
      let image = try SDLImageDecoder().decodeImage(atPath: first.imagePath)
      bytes += image.pixelWidth * image.pixelHeight * 4
    }
    return bytes / 1024
  }

  // MARK: - 10. Frame times during ad rotation

  /// Frame times on the real clock at 60 fps while the banner rotates every second: each rotation
  /// decodes a creative off the loop, then uploads and scales it on the loop at its first draw.
  func rotationFrameTimes() throws -> RotationFrameTimes {
    try rotationFrameTimes(rotations: quick ? 5 : 30, manifest: nil, secondsPerRotation: 1.3)
  }

  /// As `rotationFrameTimes()`, with the ads from an HTTP server whose every response takes a
  /// second (the manifest, then the image: 2 s a load), so that no frame may wait on the network.
  func rotationFrameTimesOverSlowHTTP() throws -> (RotationFrameTimes, requests: Int) {
    let server = try SlowAdServer(delay: 1)
    let times = try rotationFrameTimes(
      rotations: quick ? 3 : 20, manifest: server.manifestURL, secondsPerRotation: 3.4)
    return (times, server.requestCount)
  }

  /// Frame times of a run whose banner rotates after every viewable second.
  typealias RotationFrameTimes = (
    rotations: Int, max: Double, p99: Double, overBudget: Int, frames: Int, durations: [Double]
  )

  func rotationFrameTimes(rotations: Int, manifest: String?, secondsPerRotation: Double) throws
    -> RotationFrameTimes
  {
    var durations: [Double] = []
    durations.reserveCapacity(8000)
    var loads = 0
    var shown: String?
    let host = try makeHost(manifest: manifest) {
      $0.refresh = 1
      $0.adLatency = 0.1
      $0.seconds = 0.5 + Double(rotations + 1) * secondsPerRotation
    }
    let clock = host.clock
    host.frameObserver = { [overlay = host.adOverlay] start, presented in
      if presented { durations.append(clock.now - start) }
      if let id = overlay?.currentAd?.id, id != shown {
        shown = id
        loads += 1
      }
    }
    try host.run()
    let budget = 1.0 / 60
    return (
      loads - 1, durations.max() ?? 0, Statistics.percentile(durations, 0.99), durations.filter { $0 > budget }.count,
      durations.count, durations
    )
  }
}
