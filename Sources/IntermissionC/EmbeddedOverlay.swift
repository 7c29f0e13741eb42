import CIntermission
import Glibc
import Intermission
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionNet
import IntermissionOverlay
import IntermissionSDL

/// An overlay made through the C API: the ad overlay on the game's own renderer, the pause gate
/// that calls the game's pause and resume functions, the trace, and the replay script. Every call
/// must come from the thread that made it.
final class EmbeddedOverlay {
  /// The thread that made the overlay: the game's.
  let thread = pthread_self()
  /// The game's pause holds.
  let gate: PauseGate
  /// The banner and the in-app ad view.
  let overlay: AdOverlay
  /// The game's renderer, borrowed.
  let canvas: SDLCanvas
  /// The last error, as the C string `intermission_errmsg` returns.
  let message = ErrorMessage()
  private let trace: Trace
  private let injector: EventInjector?
  private let script: ReplayScript
  private var scriptIndex = 0
  private var lastHostTime = -Double.infinity
  private let windowID: UInt32
  /// The overlay and what it runs on: its HTTP client (cancelled when the overlay is destroyed),
  /// source and beacon queue.
  private let stack: AdStack

  /// Makes the overlay on `renderer` (an `SDL_Renderer *` with a window) with `settings`.
  /// - Throws: `CreateFailure` for a renderer without a window, an unreadable manifest, script or
  ///   font, a bad script, or a trace file that cannot be opened.
  init(renderer: OpaquePointer, settings: OverlaySettings) throws {
    guard let window = SDL_RenderGetWindow(renderer) else {
      throw CreateFailure("the renderer has no window (an SDL_Renderer of SDL_CreateRenderer is needed)")
    }
    windowID = SDL_GetWindowID(window)
    let manifest = settings.manifestPath ?? InstalledAssets.manifestPath()
    guard let manifest else {
      throw CreateFailure("no manifest_path given and no sample ads found (set INTERMISSION_ASSETS)")
    }
    let isRemote = WebURL(manifest) != nil
    guard isRemote || RegularFile.isReadable(manifest) else {
      throw CreateFailure("cannot read ad manifest \(PrintableText.escaping(manifest, limit: 200)) (manifest_path)")
    }
    for (path, field) in [
      (settings.adsCAPath, "ads_ca_path"), (settings.fallbackManifestPath, "fallback_manifest_path"),
    ] {
      guard let path else { continue }
      guard RegularFile.isReadable(path) else {
        throw CreateFailure("cannot read \(PrintableText.escaping(path, limit: 200)) (\(field))")
      }
    }
    if let path = settings.beaconsPath, !path.isEmpty {
      // Created if missing; an existing one must be a regular file (SQLite would block on a FIFO).
      do {
        try RegularFile.check(path)
      } catch .missing {
      } catch {
        throw CreateFailure("cannot use \(PrintableText.escaping(path, limit: 200)): \(error) (beacons_path)")
      }
    }
    script =
      try settings.scriptPath.map { path in
        do {
          return try ReplayScript.read(path: path)
        } catch {
          throw CreateFailure("\(error) (script_path)")
        }
      } ?? ReplayScript(events: [])
    let file = try settings.tracePath.map { path in
      do {
        return try FileTraceOutput(path: path)
      } catch {
        throw CreateFailure("\(error) (trace_path)")
      }
    }
    let callbacks = settings.callbacks
    trace = Trace(
      output: file == nil && callbacks.event == nil ? nil : CallbackTraceOutput(file: file, callbacks: callbacks))
    do {
      canvas = try SDLCanvas(borrowingWindow: window, renderer: renderer, fontPath: settings.fontPath)
    } catch {
      throw CreateFailure("\(error) (font_path)")
    }
    injector = script.events.isEmpty ? nil : EventInjector(window: try Window(borrowing: window))
    let trace = trace
    gate = PauseGate(
      trace: trace, onPause: { holder in callbacks.paused(by: holder) },
      onResume: { holder in callbacks.resumed(by: holder) })
    do {
      stack = try AdStack(
        pauseTarget: gate, trace: trace,
        options: AdStack.Options(
          manifestPath: manifest, fallbackManifestPath: settings.fallbackManifestPath,
          configuration: settings.configuration, timeout: settings.adsTimeout, caFile: settings.adsCAPath,
          beaconsPath: settings.beaconsPath))
    } catch {
      throw CreateFailure("\(error)")
    }
    overlay = stack.overlay
    overlay.drivesTrace = true
    canvas.language = overlay.strings.language
    // A request for ads gives the view in pixels from the first: the window's size, on a renderer
    // that may be HiDPI.
    overlay.viewSize = canvas.size
    overlay.pixelScale = canvas.pixelsPerPoint
    overlay.prepareText(on: canvas)
    overlay.fullscreen.onReward = { reward in callbacks.rewarded(reward) }
    // The game hears of revenue through `on_event` ("ad.revenue", with its trace line): a handler
    // here lets the events left pending by a killed launch come out too.
    overlay.onRevenue = { _ in }
    // ... with its `eventID`, the key to count a redelivered event once.
    overlay.tracesRevenueEventIDs = true
    overlay.fullscreen.acknowledgesRewardsAutomatically = !settings.acknowledgesRewardsManually
  }

  deinit {
    // Destroying the overlay never waits for a slow server.
    stack.client.cancelAll()
  }

  /// Whether the caller is on the overlay's thread.
  var isOnOwnThread: Bool { pthread_equal(pthread_self(), thread) != 0 }

  /// Advances to `hostTime`: the overlay's frame, then the script's due events into SDL's queue.
  func update(hostTime: Double) -> Int32 {
    guard hostTime.isFinite else {
      return message.fail(ResultCode.invalidArgument, "host_time \(hostTime) is not finite")
    }
    // A clock that steps back is held at the latest time, so that the banner never runs backwards.
    lastHostTime = max(lastHostTime, hostTime)
    overlay.update(hostTime: lastHostTime)
    if let injector {
      do {
        scriptIndex = try injector.injectDue(script, from: scriptIndex, now: lastHostTime, trace: trace)
      } catch {
        return message.fail(ResultCode.sdl, "\(error)")
      }
    }
    return message.succeed()
  }

  /// Offers `event` to the overlay; a size change relays out the canvas first. Events of another
  /// window of the game are not the overlay's.
  func handle(_ event: SDL_Event) -> Bool {
    if let id = Event.windowID(of: event), id != 0, id != windowID { return false }
    return overlay.handle(sdlEvent: event)
  }

  /// Draws the banner and the ad view over what the game drew.
  func draw() -> Int32 {
    overlay.draw(on: canvas)
    return message.succeed()
  }

  /// Holds the game for `holder`.
  func hold(_ holder: PauseHolder) -> Int32 {
    guard !gate.isHeld(by: holder) else {
      return message.fail(ResultCode.alreadyHeld, "'\(holder)' already holds the game")
    }
    gate.hold(holder)
    return message.succeed()
  }

  /// Releases `holder`'s hold.
  func release(_ holder: PauseHolder) -> Int32 {
    guard gate.isHeld(by: holder) else {
      return message.fail(ResultCode.notHeld, "'\(holder)' does not hold the game")
    }
    gate.release(holder)
    return message.succeed()
  }

  /// Shows the full-screen ad of `format` at `placement`, or refuses with a code whose message is
  /// the reason's name.
  func show(_ format: AdFormat, placement: String) -> Int32 {
    let refusal =
      format == .interstitial
      ? overlay.fullscreen.showInterstitial(placement: placement)
      : overlay.fullscreen.showRewarded(placement: placement)
    guard let refusal else { return message.succeed() }
    let codes: [FullscreenRefusal: Int32] = [
      .notReady: Int32(INTERMISSION_REFUSED_NOT_READY), .expired: Int32(INTERMISSION_REFUSED_EXPIRED),
      .pacing: Int32(INTERMISSION_REFUSED_PACING), .cap: Int32(INTERMISSION_REFUSED_CAP),
      .sessionStart: Int32(INTERMISSION_REFUSED_SESSION_START),
      .alreadyShowing: Int32(INTERMISSION_REFUSED_ALREADY_SHOWING),
      .windowHidden: Int32(INTERMISSION_REFUSED_WINDOW_HIDDEN),
    ]
    return message.fail(codes[refusal]!, refusal.rawValue)
  }

  /// Ends the overlay's part in the game: the open ad view's hold is released (the game hears of
  /// it if that was the last hold).
  func close() {
    if gate.isHeld(by: .ad) { gate.release(.ad) }
    overlay.fullscreen.onReward = nil
    overlay.onRevenue = nil
  }
}
