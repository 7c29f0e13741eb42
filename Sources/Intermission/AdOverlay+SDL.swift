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
  ///   - beaconsPath: the durable queue (a SQLite file) for beacons, an OpenRTB ad's notices and
  ///     earned rewards. nil keeps them in the default file
  ///     (`$XDG_DATA_HOME/intermission/beacons.sqlite`) for ads from a server or an exchange, and
  ///     keeps none for a local manifest; an empty string keeps none at all.
  /// - Throws: `SDLSession.ConcurrentSessionError` while a canvas or overlay made outside any
  ///   `SDLSession.exclusive` draws through SDL on another thread, or, made outside a session
  ///   itself, while a session holds the gate: SDL is global, so two own loops cannot draw at once
  ///   (as two own-loop tests running in parallel would, each with its own `SDL_Init`).
  public convenience init(
    manifestPath: String? = nil, pauseTarget: any PauseTarget, trace: Trace = Trace(output: nil),
    configuration: Configuration = Configuration(), beaconsPath: String? = nil
  ) throws {
    let claim = try SDLThreadClaim.claim()
    let environment = ProcessEnvironment.current()
    let client = HTTPClient()
    let source = AdSources.forManifest(
      manifestPath ?? SampleAds.manifestPath() ?? "Assets/ads/manifest.json", client: client,
      decoder: SDLImageDecoder(), cacheFolder: HTTPCache.defaultFolder(environment: environment),
      fallbackManifest: nil, isTest: configuration.waitsForDueLoads, environment: environment)
    self.init(
      pauseTarget: pauseTarget, loader: AdLoader(source: source), configuration: configuration, trace: trace,
      urlOpener: SystemBrowser())
    drivesTrace = true
    cancelsTransfers = { [client] in client.cancelAll() }
    keptForItsLifetime.append(claim)
    fullscreen.videoSound = SDLVideoSound(environment: environment)
    let isNetworked = source is OpenRTBSource || source is RemoteAdSource
    let defaultPath = isNetworked ? BeaconStore.defaultPath(environment: environment) : nil
    if beaconsPath != "", let path = beaconsPath ?? defaultPath {
      keepReports(
        at: path, client: AdSources.beaconClient(for: source, client: client),
        waitsForAttempts: configuration.waitsForDueLoads, createsFolders: beaconsPath == nil)
    }
  }

  /// Feeds the overlay an SDL event. Input the banner or the open ad view takes returns true and
  /// must not reach the game; minimising and restoring the window hold and release `.window`, as
  /// the window stands after the frame's events (`noteWindowMinimized(_:)`).
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
      return handle(input)
    default:
      return false
    }
  }
}
