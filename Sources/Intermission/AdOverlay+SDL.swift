import CSDL2
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionNet
import IntermissionOverlay
import IntermissionSDL

extension AdOverlay {
  /// The overlay with every setting at its default, for a game with its own SDL loop: the shipped
  /// sample ads (or the ads at `manifestPath`), SDL_image decoding, the system browser, and the
  /// overlay beginning the trace's frames. In-app ads hold `pauseTarget` as `.ad`.
  /// - Parameters:
  ///   - manifestPath: where the ads come from, as `--ads` takes it: an ad manifest, a demand file
  ///     (ads bought over OpenRTB), or an ad server's http or https URL (cached on disk); nil takes
  ///     the sample ads (`SampleAds`).
  ///   - pauseTarget: what an in-app ad pauses: the game's `PauseGate`, or a `Director`.
  ///   - trace: where state changes are recorded (none by default).
  ///   - configuration: timing; set `waitsForDueLoads` for deterministic headless runs (whose
  ///     OpenRTB requests are then marked as test traffic).
  ///   - beaconsPath: the durable queue (a SQLite file) for beacons, an OpenRTB ad's notices,
  ///     earned rewards and revenue events. nil keeps them in the default file
  ///     (`$XDG_DATA_HOME/intermission/beacons.sqlite`), as the host and the C API do; an empty
  ///     string keeps none at all.
  /// - Throws: `SDLSession.ConcurrentSessionError` while a canvas or overlay made outside any
  ///   `SDLSession.exclusive` draws through SDL on another thread, or, made outside a session
  ///   itself, while a session holds the gate: SDL is global, so two own loops cannot draw at once
  ///   (as two own-loop tests running in parallel would, each with its own `SDL_Init`).
  public convenience init(
    manifestPath: String? = nil, pauseTarget: any PauseTarget, trace: Trace = Trace(output: nil),
    configuration: Configuration = Configuration(), beaconsPath: String? = nil
  ) throws {
    // Built as an `AdStack` builds its own: one policy for every default.
    let parts = try AdStack.Parts(
      options: AdStack.Options(manifestPath: manifestPath, configuration: configuration, beaconsPath: beaconsPath))
    self.init(
      pauseTarget: pauseTarget, loader: parts.loader, configuration: configuration, trace: trace,
      urlOpener: SystemBrowser())
    drivesTrace = true
    parts.equip(self)
  }

  /// Feeds the overlay an SDL event. Input the banner takes, and all input while an ad view or the
  /// consent form is open, returns true and must not reach the game; minimising and restoring the
  /// window hold and release `.window`, as the window stands after the frame's events
  /// (`noteWindowMinimized(_:)`).
  /// - Returns: whether the overlay consumed the event.
  @discardableResult
  public func handle(sdlEvent event: SDL_Event) -> Bool {
    switch Event(event) {
    case .windowMinimized, .windowHidden:
      noteWindowMinimized(true)
      return false
    case .windowRestored, .windowShown:
      noteWindowMinimized(false)
      return false
    case .windowResized(let width, let height):
      // The banner follows at once: its inset, its place and its viewability use the new size
      // from now on; the canvas lays itself out at the next draw.
      viewSize = Size(width: Double(width), height: Double(height))
      return false
    case .windowFocusGained:
      noteWindowFocusGained()
      return false
    case .input(let input):
      return handle(input) || takesAllInput
    default:
      // While an ad view or the consent form is open, no input reaches the game, not even what the
      // overlay does not read (another mouse button, text, a controller's other buttons or sticks).
      return takesAllInput && Self.inputEventTypes.contains(event.type)
    }
  }

  /// SDL's event types that carry a player's input.
  private static let inputEventTypes: Set<UInt32> = Set(
    [
      SDL_KEYDOWN, SDL_KEYUP, SDL_TEXTEDITING, SDL_TEXTINPUT, SDL_MOUSEMOTION, SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP,
      SDL_MOUSEWHEEL, SDL_JOYAXISMOTION, SDL_JOYBALLMOTION, SDL_JOYHATMOTION, SDL_JOYBUTTONDOWN, SDL_JOYBUTTONUP,
      SDL_CONTROLLERAXISMOTION, SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP, SDL_FINGERDOWN, SDL_FINGERUP,
      SDL_FINGERMOTION,
    ].map(\.rawValue))
}
