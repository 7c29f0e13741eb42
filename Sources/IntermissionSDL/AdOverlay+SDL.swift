import CSDL2
import IntermissionAds
import IntermissionCore

extension AdOverlay {
  /// The overlay with every setting at its default, for a game with its own SDL loop: the shipped
  /// sample ads (or the manifest at `manifestPath`), SDL_image decoding, the system browser, and
  /// the overlay beginning the trace's frames. In-app ads hold `pauseTarget` as `.ad`.
  /// - Parameters:
  ///   - manifestPath: an ad manifest; nil takes the sample ads (`SampleAds`).
  ///   - pauseTarget: what an in-app ad pauses: the game's `PauseGate`, or a `Director`.
  ///   - trace: where state changes are recorded (none by default).
  ///   - configuration: timing; set `waitsForDueLoads` for deterministic headless runs.
  public convenience init(
    manifestPath: String? = nil, pauseTarget: any PauseTarget, trace: Trace = Trace(output: nil),
    configuration: Configuration = Configuration()
  ) {
    let loader = AdLoader(
      manifestPath: manifestPath ?? SampleAds.manifestPath() ?? "Assets/ads/manifest.json", decoder: SDLImageDecoder())
    self.init(
      pauseTarget: pauseTarget, loader: loader, configuration: configuration, trace: trace, urlOpener: SystemBrowser()
    )
    drivesTrace = true
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
    case .input(let input):
      return handle(input)
    default:
      return false
    }
  }
}
