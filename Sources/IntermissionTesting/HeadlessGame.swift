import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import IntermissionSDL

/// Runs a game of scenes headless and deterministic, in process: the fixed-step pacing, SDL's
/// offscreen driver, a replay script given as text, the trace kept in memory. No subprocess and no
/// file: a test of the game's own pause and resume in a few lines. Its ads report to no server and
/// leave nothing behind (no beacon queue, unless `beacons` names one): a test never sends the
/// reports of the developer's own runs, nor leaves a reward for the game's next launch.
///
/// ```swift
/// let game = MyGameScene()
/// let run = try HeadlessGame(script: "1.5 click 480 595\n2.5 key Escape") { game }.run(seconds: 3)
/// #expect(run.contains(.gamePaused, reason: "ad"))
/// ```
///
/// Safe in parallel tests (Swift Testing's default): SDL is global, so each run takes the process's
/// one SDL session (`SDLSession.exclusive`) for its whole length, and runs one after another.
public struct HeadlessGame {
  /// An error setting the run up: a bad script line, no font, no SDL.
  public struct SetupError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
  }

  private var options = HostConfiguration()
  private let script: ReplayScript
  private let firstScene: () -> Scene
  private let adManifest: String?
  /// Where the host looks for `XDG_DATA_HOME` and `XDG_CACHE_HOME` (the process's own by default).
  package var environment = Launcher.processEnvironment()

  /// Prepares a run.
  /// - Parameters:
  ///   - width: the window's width in points (default 960).
  ///   - height: the window's height in points (default 640).
  ///   - fps: frames per second of host time (default 60).
  ///   - ads: the ad manifest; nil takes the shipped sample ads. `noAds` runs without the overlay.
  ///   - noAds: run without the ad overlay.
  ///   - adLatency: the ads' simulated latency in seconds (default 0.5).
  ///   - beacons: a beacon queue's file (SQLite) that the run's impressions and clicks are recorded
  ///     in and sent from, as the program's `--beacons`; nil or "" keeps none (nothing written or
  ///     sent). A queue that cannot be used is said once on standard error, and the run goes on.
  ///   - script: replay script text, one `<seconds> <verb> <args>` per line.
  ///   - firstScene: makes the game's first scene.
  /// - Throws: `SetupError` for a bad script line, or a beacon queue with `noAds`.
  public init(
    width: Int = 960, height: Int = 640, fps: Double = 60, ads: String? = nil, noAds: Bool = false,
    adLatency: Double = 0.5, beacons: String? = nil, script: String = "", firstScene: @escaping () -> Scene
  ) throws {
    options.headless = true
    options.fixedStep = true
    options.noAudio = true  // the pause is what is tested; the sound follows the director's
    options.width = width
    options.height = height
    options.fps = fps
    options.noAds = noAds
    options.adLatency = adLatency
    let queue = beacons.flatMap { $0.isEmpty ? nil : $0 }
    if noAds, let queue {
      throw SetupError(description: "beacons: a queue (\(queue)) needs ads, and noAds is true")
    }
    options.beaconsPath = queue
    options.noBeacons = !noAds && queue == nil
    do {
      self.script = try ReplayScript.parse(script, file: "script")
    } catch {
      throw SetupError(description: "bad script line: \(error)")
    }
    self.firstScene = firstScene
    adManifest = ads ?? SampleAds.manifestPath()
  }

  /// Runs `seconds` of host time and returns what the trace recorded.
  /// - Throws: `SetupError` without a font, `SDLSession.ConcurrentSessionError` when SDL is
  ///   initialised already (by code that did not take `SDLSession.exclusive`), or SDL's error.
  public func run(seconds: Double) throws -> HeadlessRun {
    var options = options
    options.seconds = seconds
    return try run(options)
  }

  /// Runs `frames` frames and returns what the trace recorded.
  /// - Throws: `SetupError` without a font, `SDLSession.ConcurrentSessionError` when SDL is
  ///   initialised already (by code that did not take `SDLSession.exclusive`), or SDL's error.
  public func run(frames: Int) throws -> HeadlessRun {
    var options = options
    options.frames = frames
    return try run(options)
  }

  /// Where and when the banner can be clicked in this run: `timing.bannerCenter` and
  /// `timing.firstClickableTime` (1.25 s with the defaults), and `timing.clickBanner(at:)` for a
  /// script line.
  public var timing: BannerTiming {
    var configuration = AdOverlay.Configuration()
    configuration.latency = options.adLatency
    return BannerTiming(
      windowSize: Size(width: Double(options.width), height: Double(options.height)), configuration: configuration)
  }

  private func run(_ options: HostConfiguration) throws -> HeadlessRun {
    guard let font = SystemFont.path else {
      throw SetupError(description: "no font found at \(SystemFont.candidates.joined(separator: ", "))")
    }
    return try SDLSession.exclusive {
      try SDLSession.requireNoOtherSession()
      let output = MemoryTraceOutput()
      let host = try Host(
        configuration: options, script: script, fontPath: font, trace: Trace(output: output), adManifest: adManifest,
        environment: environment,
        warn: { FileDescriptor.printToStandardError("intermission: warning: " + $0) }, firstScene: firstScene)
      try host.run()
      return HeadlessRun(lines: output.lines)
    }
  }
}
