/// One screen of the game, run by a `Director`: subclass it and override the hooks you need.
///
/// A scene is updated with scene time (its delta is 0 after every start and clamped), drawn only
/// while the director runs, and sees input only while it is the running scene of a running director.
open class Scene {
  /// The scene's name, as traces report it.
  public let name: String

  /// The director running this scene, set while the scene is on its stack.
  public internal(set) weak var director: Director?

  /// Creates a scene with a name for traces.
  public init(name: String) {
    self.name = name
  }

  /// The size of the area the scene draws in.
  public var viewSize: Size { director?.viewSize ?? .zero }

  /// The colour the director clears the view to before the scene draws (default `Theme.background`):
  /// `draw(on:)` need not, and should not, fill the whole view again.
  open var backgroundColor: Color { Theme.background }

  /// Whether the ad banner may show while this scene runs (default true). Override it to return
  /// false for gameplay, where a banner draws accidental clicks: the banner then slides out, takes
  /// no clicks and leaves no bottom inset, without pausing anything.
  open var carriesBanner: Bool { true }

  /// The height at the bottom of the view that something else (the ad banner) covers.
  /// Scrolling content should let its last row scroll fully above it.
  public var bottomInset: Double { director?.bottomInset ?? 0 }

  // MARK: - Lifecycle hooks

  /// Called when the scene becomes the running scene for the first time (run, push or replace).
  open func didEnter() {}

  /// Called when the scene leaves the stack (replace or pop).
  open func willExit() {}

  /// Called when another scene is pushed over this one.
  open func didPause() {}

  /// Called when the scene over this one is popped and this one runs again.
  open func didResume() {}

  /// Called when the view size or the bottom inset changes.
  open func layoutDidChange() {}

  // MARK: - Frame

  /// Advances the scene by `delta` seconds of scene time.
  open func update(delta: Double) {}

  /// Draws the scene.
  open func draw(on canvas: any Canvas) {}

  /// Handles input. Returns true if the event was consumed.
  open func handle(_ event: InputEvent) -> Bool { false }
}
