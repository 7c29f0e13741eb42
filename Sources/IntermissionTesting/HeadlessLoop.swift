import Glibc
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOverlay
import IntermissionSDL

/// Runs a game with its own SDL loop headless and deterministic, in process, in the C API's
/// spirit: a replay script given as text, a fixed step, and the trace in memory with the game's
/// pauses in it.
///
/// `run` sets SDL up (the offscreen driver, a software renderer) and hands the game a window and a
/// renderer. The game's loop asks `nextFrame()` for each frame's host time; due script events are
/// then in SDL's queue, for the game's own `SDL_PollEvent`:
///
/// ```swift
/// let run = try HeadlessLoop.run(seconds: 3, script: "1.5 click 480 595\n2.0 key Escape\n") { loop in
///   let game = try MyGame(window: loop.window, renderer: loop.renderer, trace: loop.trace)
///   while let time = loop.nextFrame() { game.frame(at: time) }
/// }
/// #expect(run.records(.gamePaused).map(\.description) == ["90 game.paused ad"])
/// ```
///
/// The game gives `trace` to its `PauseGate` (`game.paused`, `game.resumed`) and to its overlay,
/// with `adConfiguration` (ad loads delivered at known frames). Safe in parallel tests: each run
/// takes the process's one SDL session (`SDLSession.exclusive`) for its whole length. The files an
/// overlay made in the run keeps (its beacon queue with rewards and revenue, its HTTP cache) go to
/// a folder of the run's own (`filesFolder`, as `XDG_DATA_HOME`, `XDG_CACHE_HOME` and, for a
/// consent engine's stored decision, `XDG_CONFIG_HOME`), removed after it: a test never reads,
/// sends or hands over what the player's own runs (or another test's) left. The run sets
/// them for its own task only, not for the process: make the overlay in the run's body, on its
/// thread (one made elsewhere, or after the run, uses the real folders).
public final class HeadlessLoop {
  /// The game's window (`SDL_Window *`), 960x640 by default, made and destroyed by `run`.
  public let window: OpaquePointer
  /// The game's renderer (`SDL_Renderer *`, software), made and destroyed by `run`.
  public let renderer: OpaquePointer
  /// The trace, kept in memory: give it to the overlay and to the game's `PauseGate`.
  public let trace: Trace
  /// Frames per second of host time.
  public let fps: Double
  /// The window's size in points.
  public let windowSize: Size
  /// The overlay's timing for this run: loads wait for their due frame (deterministic).
  public let adConfiguration: AdOverlay.Configuration
  /// The run's own folder for the files an overlay keeps: `data` (as `XDG_DATA_HOME`: the beacon
  /// queue), `cache` (as `XDG_CACHE_HOME`) and `config` (as `XDG_CONFIG_HOME`: a consent engine's
  /// stored decision, so that every run's player is asked anew), removed when the run ends.
  public let filesFolder: String
  /// The frame `nextFrame()` last began, from 0; -1 before the first.
  public private(set) var frame = -1
  private let frames: Int
  private let script: ReplayScript
  private let injector: EventInjector
  private var scriptIndex = 0
  private let output: MemoryTraceOutput

  /// Runs `body`, the game's set-up and loop, in a headless SDL session of its own.
  /// - Parameters:
  ///   - width: the window's width in points (default 960).
  ///   - height: the window's height in points (default 640).
  ///   - fps: frames per second of host time (default 60).
  ///   - seconds: host time the loop runs for: `nextFrame()` returns nil after it.
  ///   - adLatency: the ads' simulated latency in seconds (default 0.5).
  ///   - script: replay script text, one `<seconds> <verb> <args>` per line.
  ///   - body: the game: its set-up, then `while let time = loop.nextFrame() { ... }`.
  /// - Returns: what the trace recorded.
  /// - Throws: `SDLSession.ConcurrentSessionError` when SDL is initialised already (by code that
  ///   did not take `SDLSession.exclusive`); `HeadlessGame.SetupError` for a bad script line or SDL
  ///   that cannot start; or what `body` throws.
  public static func run(
    width: Int = 960, height: Int = 640, fps: Double = 60, seconds: Double, adLatency: Double = 0.5,
    script: String = "", _ body: (HeadlessLoop) throws -> Void
  ) throws -> HeadlessRun {
    let parsed: ReplayScript
    do {
      parsed = try ReplayScript.parse(script, file: "script")
    } catch {
      throw HeadlessGame.SetupError(description: "bad script line: \(error)")
    }
    var configuration = AdOverlay.Configuration()
    configuration.latency = adLatency
    configuration.waitsForDueLoads = true
    return try SDLSession.exclusive {
      try SDLSession.requireNoOtherSession()
      SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
      SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
      SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
      guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else {
        throw HeadlessGame.SetupError(description: "SDL_Init: \(String(cString: SDL_GetError()))")
      }
      defer { SDLSession.quit() }
      guard let window = SDL_CreateWindow("headless", 0, 0, Int32(width), Int32(height), 0) else {
        throw HeadlessGame.SetupError(description: "SDL_CreateWindow: \(String(cString: SDL_GetError()))")
      }
      defer { SDL_DestroyWindow(window) }
      guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
        throw HeadlessGame.SetupError(description: "SDL_CreateRenderer: \(String(cString: SDL_GetError()))")
      }
      defer { SDL_DestroyRenderer(renderer) }
      let files = try HeadlessLoop.makeFilesFolder()
      defer { HeadlessLoop.remove(files) }
      // What creating the window queued is the game's to see in its first frame, as in a real run.
      let loop = try HeadlessLoop(
        window: window, renderer: renderer, fps: fps, seconds: seconds, script: parsed, configuration: configuration,
        filesFolder: files)
      try ProcessEnvironment.$overrides.withValue([
        "XDG_DATA_HOME": files + "/data", "XDG_CACHE_HOME": files + "/cache", "XDG_CONFIG_HOME": files + "/config",
      ]) {
        try body(loop)
      }
      return HeadlessRun(lines: loop.output.lines)
    }
  }

  private init(
    window: OpaquePointer, renderer: OpaquePointer, fps: Double, seconds: Double, script: ReplayScript,
    configuration: AdOverlay.Configuration, filesFolder: String
  ) throws {
    self.filesFolder = filesFolder
    self.window = window
    self.renderer = renderer
    self.fps = fps
    self.script = script
    adConfiguration = configuration
    frames = Int((seconds * fps).rounded(.up))
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    windowSize = Size(width: Double(width), height: Double(height))
    injector = EventInjector(window: try Window(borrowing: window))
    output = MemoryTraceOutput()
    trace = Trace(output: output)
  }

  /// Begins the next frame: its host time (`frame / fps`, exactly), with the script's due events
  /// pushed into SDL's queue; nil once the run's time is up.
  public func nextFrame() -> Double? {
    guard frame + 1 < frames else { return nil }
    frame += 1
    let time = Double(frame) / fps
    // The script was checked when the run began: pushing it fails only if SDL's queue does.
    scriptIndex = (try? injector.injectDue(script, from: scriptIndex, now: time, trace: trace)) ?? scriptIndex
    return time
  }

  /// A pause gate for the game that records `game.paused` and `game.resumed` in this run's trace.
  public func pauseGate(
    onPause: @escaping (PauseHolder) -> Void = { _ in }, onResume: @escaping (PauseHolder) -> Void = { _ in }
  ) -> PauseGate {
    PauseGate(trace: trace, onPause: onPause, onResume: onResume)
  }

  /// Where and when the banner can be clicked in this run.
  public var timing: BannerTiming { BannerTiming(windowSize: windowSize, configuration: adConfiguration) }

  /// A fresh folder under the temporary folder (`TMPDIR`, else `/tmp`) for one run's files.
  private static func makeFilesFolder() throws -> String {
    let base = ProcessEnvironment.current()["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    var template = Array((base + "/intermission-headless-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw HeadlessGame.SetupError(description: "cannot make a folder for the run's files under \(base)")
    }
    return String(cString: made)
  }

  /// Removes `folder` and everything in it.
  private static func remove(_ folder: String) {
    FilePath.removeTree(folder)
  }
}
