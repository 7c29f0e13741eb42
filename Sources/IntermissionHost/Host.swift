import Glibc
import Intermission
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionLocalization
import IntermissionNet
import IntermissionOverlay
import IntermissionSDL

/// The host: an SDL window (or headless), the director running a game's first scene, the pause
/// control and the ad overlay, driven by a pacing, a replay script and SDL's event queue.
///
/// Its loop reads like a raylib example: `start()`, then `while host.isRunning { host.runFrame() }`,
/// then `finish()`; `run()` does all three.
public final class Host {
  /// Why the host stopped.
  public enum StopReason: String, Sendable {
    case frames, seconds, quit, signal
  }

  /// A failure during the run that ends the program with exit code 1: a write that failed, or an
  /// SDL call that did.
  public struct Failure: Error, CustomStringConvertible {
    /// What failed, naming the file or the call.
    public let description: String
  }

  private let options: HostConfiguration
  private let script: ReplayScript
  private let window: Window
  /// The canvas drawn on (package: its counters are for tests and benchmarks).
  package let canvas: SDLCanvas
  private let pump: EventPump
  private let controllers: GameControllers
  /// How frames are timed.
  package let pacing: any FramePacing
  /// The clock frames are timed by.
  public var clock: any HostClock { pacing.clock }
  /// The director.
  public let director: Director
  /// The ad overlay, unless ads are off.
  public var adOverlay: AdOverlay? { adStack?.overlay }
  /// The overlay and what it runs on (its client, source and beacon queue), unless ads are off.
  private let adStack: AdStack?
  /// The overlay as drawn through pixels, with `--overlay surface`.
  private var surfaceOverlay: SurfaceDrawnOverlay?
  /// The user pause control.
  public let pauseControl: PauseControl
  /// The music and effects, unless audio is off or no device was found; the director pauses them.
  package private(set) var audio: MixerAudio?
  private let trace: Trace
  private var scriptIndex = 0
  private var frame = 0
  private var stopReason: StopReason?
  private var stopDetail = ""
  private var needsPresent = true
  /// The window's state as the frame's events left it, until the frame applies it.
  private var windowMinimized: Bool?
  private let firstScene: () -> Scene
  private let driver: FrameDriver
  private var failure: Failure?
  private let warn: (String) -> Void
  private var warnedAdFailures: Set<String> = []
  /// Called at the end of every frame with its host time and whether it was presented (benchmarks).
  package var frameObserver: ((_ hostTime: Double, _ presented: Bool) -> Void)?

  /// Sets up SDL, the window, the canvas, the director, the overlays and the trace.
  /// - Parameters:
  ///   - options: the parsed command line.
  ///   - script: input to replay.
  ///   - fontPath: the font for all text.
  ///   - trace: where state changes go.
  ///   - adManifest: the manifest to load ads from (unused with `--no-ads`).
  ///   - audioFolder: the folder of the sounds (`AssetLocator.audioFolder`); nil plays none.
  ///   - environment: where the HTTP cache (`XDG_CACHE_HOME`) and the beacon queue
  ///     (`XDG_DATA_HOME`) live by default.
  ///   - warn: prints a warning line for the user (each distinct ad failure once).
  ///   - firstScene: makes the game's first scene when the host starts.
  /// - Throws: without a display, an error whose description says why none was found;
  ///   `SDLSession.ConcurrentSessionError` when SDL is in use already (by code outside any
  ///   `SDLSession.exclusive`); `SDLError` for other SDL failures.
  package init(
    configuration options: HostConfiguration, script: ReplayScript, fontPath: String, trace: Trace, adManifest: String?,
    audioFolder: String? = nil, environment: [String: String] = Launcher.processEnvironment(),
    warn: @escaping (String) -> Void = { _ in }, firstScene: @escaping () -> Scene
  ) throws {
    self.firstScene = firstScene
    self.options = options
    self.script = script
    self.trace = trace
    self.warn = warn
    // The consent form needs its vendor list parsed: begun now, it is read while SDL, the window
    // and the fonts start, and the form can show in the first frames. (A fixed-step run reads it
    // on the loop, in order.)
    let consentPrefetch =
      options.noAds || options.fixedStep
      ? nil
      : options.consentFilePath.flatMap {
        AdStack.readConsentAhead(
          consentPath: $0, geography: options.consentGeography,
          language: Localization.chooseLanguage(explicit: options.language, environment: environment),
          timeout: options.adsTimeout, caFile: options.adsCAPath, environment: environment)
      }
    let system = try SDLSystem(headless: options.headless)
    if !options.noAudio {
      // No sound card is not an error: the game runs silently, and the user hears why once. Opened
      // before the clock starts: trying a missing device can take a tenth of a second.
      if let audioFolder {
        do {
          audio = try MixerAudio(folder: audioFolder)
        } catch {
          warn("audio: \(error); the game runs silently (--no-audio turns sound off)")
        }
      } else {
        warn("audio: the sounds (Assets/audio) were not found; the game runs silently")
      }
    }
    window = try Window(
      system: system, title: "Intermission", width: options.width, height: options.height, hidden: false)
    let renderer = try Renderer(window: window, software: options.headless)
    canvas = try SDLCanvas(window: window, renderer: renderer, fontPath: fontPath)
    pump = try EventPump(window: window, headless: options.headless)
    controllers = GameControllers(system: system)
    pacing = options.fixedStep ? FixedStepPacing(fps: options.fps) : RealTimePacing(fps: options.fps)
    director = Director(viewSize: canvas.size, maxDelta: Director.maxDelta(forFPS: options.fps))
    driver = FrameDriver(director: director, trace: trace)
    pauseControl = PauseControl(director: director)
    director.addOverlay(pauseControl)

    if options.noAds {
      adStack = nil
    } else {
      var configuration = AdOverlay.Configuration()
      configuration.language = options.language
      configuration.latency = options.adLatency
      configuration.refreshInterval = options.refresh
      configuration.waitsForDueLoads = options.fixedStep
      // A fixed-step run retries at the same times every run.
      if options.fixedStep { configuration.jitterSeed = Host.fixedStepSeed }
      let waker = pump.waker
      let manifestPath = adManifest ?? "Assets/ads/manifest.json"
      var stackOptions = AdStack.Options(
        manifestPath: manifestPath, fallbackManifestPath: options.fallbackAdsPath, configuration: configuration,
        timeout: options.adsTimeout, caFile: options.adsCAPath,
        beaconsPath: options.noBeacons ? "" : options.beaconsPath,
        playsSound: !options.noAudio, environment: environment)
      stackOptions.failsEveryLoad = options.failAds
      stackOptions.marksTestTraffic = options.headless || options.noBeacons
      stackOptions.isInterrupted = { StopSignals.received != nil }
      stackOptions.onFinish = { waker.wake() }
      stackOptions.warn = warn
      stackOptions.consentPath = options.consentFilePath
      stackOptions.consentGeography = options.consentGeography
      stackOptions.resetsConsent = options.resetsConsent
      stackOptions.consentPrefetch = consentPrefetch
      if options.fixedStep {
        // Under the fixed step, a beacon's time runs with host time from the launch: expiry and
        // retries happen at the same frames every run.
        let launched = WallClock.now()
        let hostClock = pacing.clock
        stackOptions.beaconClock = { launched + hostClock.now }
        stackOptions.beaconBackoff = RetryBackoff(seed: Host.fixedStepSeed)
        // A fixed-step run starts its consent engine before the first frame, on the loop, and its
        // player decides on the loop: the engine reads this clock on the loop only.
        nonisolated(unsafe) let loopClock = hostClock
        stackOptions.consentClock = { Int(launched + loopClock.now) }
      }
      let stack = try AdStack(
        pauseTarget: director, trace: trace, urlOpener: HostURLOpener(headless: options.headless),
        options: stackOptions)
      adStack = stack
      let overlay = stack.overlay
      // The host's frame driver begins the trace's frames.
      overlay.drivesTrace = false
      if options.overlayDrawing == .surface {
        let drawn = try SurfaceDrawnOverlay(ads: overlay, over: canvas, fontPath: fontPath)
        surfaceOverlay = drawn
        director.addOverlay(drawn)
      } else {
        director.addOverlay(overlay)
      }
      overlay.pixelScale = canvas.pixelsPerPoint
      overlay.onLoadFailure = { [weak self] error in
        // The game goes on without a banner; the user hears of each distinct failure once.
        guard let self, error.isUnexpected, warnedAdFailures.insert(error.detail).inserted else { return }
        self.warn("ads: \(PrintableText.escaping(manifestPath, limit: 200)): \(error.detail)")
      }
    }
    director.audio = audio
    director.eventHandler = { [trace] event in trace.record(event) }
    pump.discardSetupWindowEvents()
    if window.isMinimizedOrHidden { director.hold(.window) }
  }

  deinit {
    stopWorkers()
    // The audio device closes before SDL quits (with the window's system).
    director.audio = nil
    audio = nil
  }

  /// Stops what runs beside the loop: transfers under way are cancelled (quitting never waits for
  /// a slow server), then the overlay's workers (the banner's and the full-screen ads' loads, the
  /// rehearsal of its words) and the beacon queue's are waited for, so that nothing of theirs (a
  /// decode, a library being loaded) is left half done when the process ends or SDL shuts down.
  /// `Launcher.finish` calls it; the host's `deinit` does too.
  public func stopWorkers() {
    adStack?.stopWorkers()
  }

  /// The seed of every jitter in a fixed-step run.
  static let fixedStepSeed: UInt64 = 0x1D7E_4415_5105

  // MARK: - Loop

  /// Runs the game until the frame or time limit, a quit event, the script's `quit`, a stop signal
  /// (SIGINT, SIGTERM, SIGHUP) or a failure: `start()`, the frames, `finish()`.
  /// - Returns: why it stopped.
  /// - Throws: `Failure` when the trace or the screenshot cannot be written, or an SDL call fails.
  @discardableResult
  public func run() throws -> StopReason {
    start()
    while isRunning { runFrame() }
    return try finish()
  }

  /// The language the host speaks: its overlay's, else the one `--language` or the environment
  /// chooses.
  public var language: String {
    adOverlay?.strings.language
      ?? Localization.chooseLanguage(explicit: options.language, environment: ProcessEnvironment.current())
  }

  /// Records `host.started` and runs the first scene.
  public func start() {
    // The game's own text takes the fonts of the language the host speaks.
    canvas.language = language
    surfaceOverlay?.textCanvas.language = language
    adOverlay?.prepareText(on: surfaceOverlay?.textCanvas ?? canvas)
    trace.emit(
      .hostStarted,
      [
        "width": .int(options.width), "height": .int(options.height), "fps": .int(Int(options.fps)),
        "fixedStep": .bool(options.fixedStep), "ads": .bool(adOverlay != nil), "language": .string(language),
      ])
    director.run(firstScene())
  }

  /// Whether the loop goes on: nothing has stopped it and nothing has failed.
  public var isRunning: Bool { stopReason == nil && failure == nil }

  /// Records `host.stopped` and writes the screenshot, if asked for.
  /// - Returns: why the host stopped.
  /// - Throws: `Failure` when a frame failed, or the trace or the screenshot cannot be written.
  @discardableResult
  public func finish() throws -> StopReason {
    if let failure { throw failure }
    trace.emit(.hostStopped, ["reason": .string((stopReason ?? .quit).rawValue), "detail": .string(stopDetail)])
    try checkTrace()
    if let path = options.screenshotPath {
      director.render(on: canvas)
      do {
        try canvas.readPixels().savePNG(to: path)
      } catch {
        throw Failure(description: "cannot write screenshot \(path): \(error)")
      }
    }
    return stopReason ?? .quit
  }

  /// Throws when a trace record could not be written.
  private func checkTrace() throws {
    if let reason = trace.writeFailure {
      throw Failure(description: "cannot write trace file \(options.tracePath ?? "-"): \(reason)")
    }
  }

  /// One frame, in cocos2d-x's order: input, delta and update, scene swap, draw, overlays, present,
  /// and the wait for the next frame.
  public func runFrame() {
    let now = clock.now
    driver.begin(at: now)
    if checkLimits(now: now) { return }

    // Input: the script's due events go into SDL's own queue, then everything is read from it.
    do {
      try pushDueScriptEvents(now: now)
    } catch {
      failure = Failure(description: "cannot replay the script: \(error)")
      return
    }
    while let event = pump.poll() {
      handle(event)
    }
    applyWindowState()
    if stopReason != nil { return }

    // Update: overlays on host time, the scene on clamped scene time, pending scene changes last.
    driver.advance(to: now)
    if director.isQuitRequested { stop(.quit, "scene") }

    // Draw: the scene (only while running) into its kept layer, the layer, the overlays; present.
    let presents = needsPresent || director.isRunning || director.overlaysAreAnimating || director.overlaysNeedDisplay
    if presents {
      driver.render(on: canvas)
      canvas.present()
      needsPresent = false
    }
    frameObserver?(now, presents)
    do {
      try checkTrace()
    } catch {
      failure = error as? Failure
      return
    }

    frame += 1
    pace(frameStart: now)
  }

  private func checkLimits(now: Double) -> Bool {
    if let signal = pump.stopSignal {
      stop(.signal, StopSignals.name(of: signal))
    } else if let frames = options.frames, frame >= frames {
      stop(.frames, String(frames))
    } else if let seconds = options.seconds, now >= seconds - 1e-9 {
      stop(.seconds, TraceValue.fixedMicroseconds(seconds))
    }
    return stopReason != nil
  }

  private func stop(_ reason: StopReason, _ detail: String) {
    if stopReason == nil {
      stopReason = reason
      stopDetail = detail
    }
  }

  private func handle(_ event: Event) {
    switch event {
    case .quit:
      stop(.quit, "quit event")
    case .windowMinimized, .windowHidden:
      windowMinimized = true
    case .windowRestored, .windowShown:
      windowMinimized = false
      needsPresent = true
    case .windowResized:
      try? canvas.updateLayout()
      director.viewSize = canvas.size
      adOverlay?.pixelScale = canvas.pixelsPerPoint
      needsPresent = true
    case .windowExposed:
      needsPresent = true
    case .windowFocusGained:
      adOverlay?.noteWindowFocusGained()
    case .input(let input):
      director.dispatch(input)
      needsPresent = true
    case .controllerAdded(let index):
      controllers.open(deviceIndex: index)
    case .wake, .unknown:
      break
    }
  }

  /// Holds or releases `.window` as the window stands after the frame's events: shown, hidden and
  /// shown again within one frame changes nothing.
  private func applyWindowState() {
    guard let minimized = windowMinimized else { return }
    windowMinimized = nil
    director.setHold(.window, minimized)
  }

  /// Pushes the script's due events into SDL's queue, as many as it has room for; the rest stay due
  /// and go in next frame, in order, so that none is ever dropped.
  private func pushDueScriptEvents(now: Double) throws {
    scriptIndex = try pump.injectDue(script, from: scriptIndex, now: now, trace: trace)
  }

  // MARK: - Pacing

  /// Waits for the next frame: the pacing decides how; the host tells it whether anything moves
  /// and when something is next due.
  private func pace(frameStart: Double) {
    let isActive = director.isRunning || director.overlaysAreAnimating || needsPresent
    var wake = Double.infinity
    if scriptIndex < script.events.count { wake = min(wake, script.events[scriptIndex].time) }
    if let overlayWake = director.nextOverlayWakeTime { wake = min(wake, overlayWake) }
    if let seconds = options.seconds { wake = min(wake, seconds) }
    pacing.waitForNextFrame(after: frameStart, isActive: isActive, nextWake: wake, pump: pump)
  }
}
