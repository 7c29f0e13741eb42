import CIntermission
import Glibc
import Intermission
import IntermissionAds
import IntermissionBasics
import IntermissionConsent
import IntermissionCore
import IntermissionNet
import IntermissionOverlay
import IntermissionSDL

/// An overlay made through the C API: the ad overlay on the game's own renderer, or in pixels of
/// its own for any engine (`intermission_create_surface`), the pause gate that calls the game's
/// pause and resume functions, the trace, and the replay script. Every call must come from the
/// thread that made it.
final class EmbeddedOverlay {
  /// Where the overlay draws, and how the script's input reaches it.
  enum Drawing {
    /// On the game's renderer: the script's input goes into SDL's queue, for the game's window.
    case renderer(canvas: SDLCanvas, windowID: UInt32, injector: EventInjector?)
    /// Into pixels: the script's input goes through the same calls a game makes.
    case surface(PixelCanvas)

    /// The canvas the overlay draws on.
    var canvas: SDLCanvas {
      switch self {
      case .renderer(let canvas, _, _): canvas
      case .surface(let pixels): pixels.canvas
      }
    }
  }

  /// The thread that made the overlay: the game's.
  let thread = pthread_self()
  /// The game's pause holds.
  let gate: PauseGate
  /// The banner and the in-app ad view.
  let overlay: AdOverlay
  /// Where it draws.
  let drawing: Drawing
  /// The last error, as the C string `intermission_errmsg` returns.
  let message = ErrorMessage()
  let trace: Trace
  let script: ReplayScript
  var scriptIndex = 0
  private var lastHostTime = -Double.infinity
  /// Whether the window had the focus, as `intermission_window_state` said last.
  var isFocused = true
  /// The game's functions: a surface overlay's script hands it the input the overlay did not take.
  let callbacks: OverlayCallbacks
  /// The overlay and what it runs on: its HTTP client (cancelled when the overlay is destroyed),
  /// source and beacon queue.
  private let stack: AdStack
  /// The consent engine, when `consent_path` was given.
  var consentEngine: ConsentEngine? { stack.consentEngine }
  /// The last `intermission_consent_value`, alive until the next one.
  var consentValue: [CChar] = []

  /// Makes the overlay on `renderer` (an `SDL_Renderer *` with a window) with `settings`.
  /// - Throws: `CreateFailure` for a renderer without a window, an unreadable manifest, script or
  ///   font, a bad script, or a trace file that cannot be opened.
  convenience init(renderer: OpaquePointer, settings: OverlaySettings) throws {
    guard let window = SDL_RenderGetWindow(renderer) else {
      throw CreateFailure("the renderer has no window (an SDL_Renderer of SDL_CreateRenderer is needed)")
    }
    let checked = try CheckedSettings(settings)
    let canvas: SDLCanvas
    do {
      canvas = try SDLCanvas(borrowingWindow: window, renderer: renderer, fontPath: settings.fontPath)
    } catch {
      throw CreateFailure("\(error) (font_path)")
    }
    let injector = checked.script.events.isEmpty ? nil : EventInjector(window: try Window(borrowing: window))
    try self.init(
      drawing: .renderer(canvas: canvas, windowID: SDL_GetWindowID(window), injector: injector), checked: checked)
  }

  /// Makes the overlay in pixels of its own, for a window of `width` x `height` at `scale`.
  /// - Throws: `CreateFailure` for a size or scale out of range, and as the renderer's.
  convenience init(surfaceWidth width: Int, height: Int, scale: Double, settings: OverlaySettings) throws {
    // The size first: a refused one leaves nothing behind (no trace file made).
    do {
      try PixelCanvas.check(width: Double(width), height: Double(height), scale: scale)
    } catch {
      throw CreateFailure("\(error)")
    }
    let checked = try CheckedSettings(settings)
    let pixels: PixelCanvas
    do {
      pixels = try PixelCanvas(width: Double(width), height: Double(height), scale: scale, fontPath: settings.fontPath)
    } catch {
      // SDL's, SDL_ttf's or the font's own message says what failed.
      throw CreateFailure("\(error)")
    }
    try self.init(drawing: .surface(pixels), checked: checked)
  }

  private init(drawing: Drawing, checked: CheckedSettings) throws {
    let settings = checked.settings
    self.drawing = drawing
    script = checked.script
    let callbacks = settings.callbacks
    let file = checked.traceFile
    trace = Trace(
      output: file == nil && callbacks.event == nil ? nil : CallbackTraceOutput(file: file, callbacks: callbacks))
    let trace = trace
    gate = PauseGate(
      trace: trace, onPause: { holder in callbacks.paused(by: holder) },
      onResume: { holder in callbacks.resumed(by: holder) })
    do {
      var options = AdStack.Options(
        manifestPath: checked.manifest, fallbackManifestPath: settings.fallbackManifestPath,
        configuration: settings.configuration, timeout: settings.adsTimeout, caFile: settings.adsCAPath,
        beaconsPath: settings.beaconsPath)
      options.consentPath = settings.consentPath
      options.consentGeography = settings.consentGeography
      stack = try AdStack(pauseTarget: gate, trace: trace, options: options)
    } catch {
      throw CreateFailure("\(error)")
    }
    overlay = stack.overlay
    overlay.drivesTrace = true
    let canvas = drawing.canvas
    canvas.language = overlay.strings.language
    // A request for ads gives the view in pixels from the first: the window's size, on a renderer
    // that may be HiDPI.
    overlay.viewSize = canvas.size
    overlay.pixelScale = canvas.pixelsPerPoint
    overlay.prepareText(on: canvas)
    overlay.fullscreen.onReward = { reward in callbacks.rewarded(reward) }
    self.callbacks = callbacks
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
    switch drawing {
    case .renderer(_, _, let injector?):
      do {
        scriptIndex = try injector.injectDue(script, from: scriptIndex, now: lastHostTime, trace: trace)
      } catch {
        return message.fail(ResultCode.sdl, "\(error)")
      }
    case .surface: playDueInput(now: lastHostTime)
    case .renderer: break
    }
    return message.succeed()
  }

  /// Offers `event` to the overlay; a size change relays out the canvas first. Events of another
  /// window of the game are not the overlay's, and a surface overlay takes none.
  func handle(_ event: SDL_Event) -> Bool {
    guard case .renderer(_, let windowID, _) = drawing else {
      _ = message.fail(ResultCode.wrongKind, "a surface overlay takes input through the input calls, not SDL events")
      return false
    }
    if let id = Event.windowID(of: event), id != 0, id != windowID { return false }
    return overlay.handle(sdlEvent: event)
  }

  /// Draws the banner and the ad view over what the game drew, or into the overlay's pixels.
  func draw() -> Int32 {
    switch drawing {
    case .renderer(let canvas, _, _): overlay.draw(on: canvas)
    case .surface(let pixels): overlay.draw(on: pixels)
    }
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
    // A switch, so that a new refusal does not build until it has its code.
    let code =
      switch refusal {
      case .notReady: INTERMISSION_REFUSED_NOT_READY
      case .expired: INTERMISSION_REFUSED_EXPIRED
      case .pacing: INTERMISSION_REFUSED_PACING
      case .cap: INTERMISSION_REFUSED_CAP
      case .sessionStart: INTERMISSION_REFUSED_SESSION_START
      case .alreadyShowing: INTERMISSION_REFUSED_ALREADY_SHOWING
      case .windowHidden: INTERMISSION_REFUSED_WINDOW_HIDDEN
      }
    return message.fail(Int32(code), refusal.rawValue)
  }

  /// Ends the overlay's part in the game: the open ad view's and the consent form's holds are
  /// released (the game hears of it if that was the last hold).
  func close() {
    if gate.isHeld(by: .ad) { gate.release(.ad) }
    if gate.isHeld(by: .consent) { gate.release(.consent) }
    overlay.fullscreen.onReward = nil
    overlay.onRevenue = nil
  }
}
