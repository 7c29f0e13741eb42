import IntermissionBasics

/// Runs a stack of scenes and the overlays above them, in the manner of cocos2d-x's `Director`,
/// without its known flaws.
///
/// A frame is `beginFrame(at:)`, the frame's input through `dispatch(_:)`, then `advance(to:)` and
/// `render(on:)`:
/// 1. the delta is computed: 0 on the first frame after every start, clamped to `maxDelta` in every build;
/// 2. overlays are updated on host time, whether or not the director runs;
/// 3. the running scene is updated, unless the director is stopped;
/// 4. a pending scene change is applied, after the update and before the draw;
/// 5. the scene is drawn (only while running; a stopped director leaves its last frame in place);
/// 6. overlays are drawn above it.
///
/// The director runs exactly when no `PauseHolder` holds it. Input reaches overlays always and the
/// running scene only while the director runs.
public final class Director {
  /// The longest step a scene is ever given, in seconds.
  public let maxDelta: Double

  /// Called on every pause, resume and scene change, in order.
  public var eventHandler: ((DirectorEvent) -> Void)?

  /// Where the game's sound goes: paused exactly while the director is stopped (by the same holds,
  /// at the same moments as `eventHandler` hears of it), and told the current state when set.
  public var audio: (any AudioPlayer)? {
    didSet { audio?.setPaused(!isRunning) }
  }

  /// Whether a scene asked for the game to end (a menu's Quit); whoever runs the director ends the
  /// run after the frame (the host stops with reason `quit`).
  public private(set) var isQuitRequested = false

  /// Asks whoever runs the director to end the game after this frame.
  public func requestQuit() { isQuitRequested = true }

  /// Overlays above the scene, bottom first. They get input top first.
  public private(set) var overlays: [any Overlay] = []

  /// The holders currently keeping the director stopped.
  package private(set) var holds = PauseHolds()

  /// The delta given to the scene in the last frame, in seconds (tests and benchmarks).
  package private(set) var lastDelta: Double = 0

  /// How many times the running scene has been updated (tests and benchmarks).
  package private(set) var sceneUpdateCount = 0

  /// How many times a scene has been drawn (tests and benchmarks).
  package private(set) var sceneDrawCount = 0

  /// The size of the view scenes draw in; the host sets it on resize.
  public var viewSize: Size {
    didSet {
      guard viewSize != oldValue else { return }
      for overlay in overlays { overlay.viewSizeDidChange(to: viewSize) }
      notifyLayout()
    }
  }

  /// The height at the bottom covered by overlays (the banner): the largest of their insets, read
  /// after they are updated in every frame. Scenes see it as their `bottomInset`.
  public private(set) var bottomInset: Double = 0 {
    didSet { if bottomInset != oldValue { notifyLayout() } }
  }

  private var stack: [Scene] = []
  private var pendingChanges: [SceneChange] = []
  private var lastTickTime: Double?
  private var sceneLayerIsStale = true
  /// Whether the canvas was asked to warm up its scene layer (`Canvas.warmUpSceneLayer(_:)`).
  private var hasWarmedSceneLayer = false

  private enum SceneChange {
    case push(Scene)
    case replace(Scene)
    case pop
  }

  /// The clamp for a game running at `fps` frames per second: three frames' worth, and never less
  /// than 0.1 s, so that a game at a low frame rate does not run in slow motion while a hitch or a
  /// long pause still never becomes a leap.
  public static func maxDelta(forFPS fps: Double) -> Double {
    max(0.1, 3 / fps)
  }

  /// Creates a director.
  /// - Parameters:
  ///   - viewSize: the initial size of the view.
  ///   - maxDelta: the clamp for the scene's delta, in seconds (default 0.1, six frames at 60 fps;
  ///     see `maxDelta(forFPS:)`).
  public init(viewSize: Size, maxDelta: Double = 0.1) {
    precondition(maxDelta > 0, "maxDelta must be positive")
    self.viewSize = viewSize
    self.maxDelta = maxDelta
    pendingChanges.reserveCapacity(4)
  }

  // MARK: - Running state

  /// Whether the director runs: nobody holds it stopped.
  public var isRunning: Bool { holds.isEmpty }

  /// Whether the scene must be drawn in the next render (it runs, or its kept layer is out of date).
  public var needsSceneDraw: Bool { isRunning || sceneLayerIsStale }

  /// Adds `holder`'s hold, stopping the director if it was running (cocos2d-x's stopAnimation).
  /// Holding twice is one hold.
  public func hold(_ holder: PauseHolder) {
    let change = holds.applyHold(holder)
    if change.edge != nil {
      lastTickTime = nil
      audio?.setPaused(true)
    }
    change.forEach { eventHandler?($0) }
  }

  /// Removes `holder`'s hold only; the director starts again when this was the last hold
  /// (cocos2d-x's startAnimation). Releasing a hold that is not held changes nothing.
  public func release(_ holder: PauseHolder) {
    let change = holds.applyRelease(holder)
    if change.edge != nil {
      lastTickTime = nil
      audio?.setPaused(false)
    }
    change.forEach { eventHandler?($0) }
  }

  /// Holds if `held` is true, releases otherwise.
  public func setHold(_ holder: PauseHolder, _ held: Bool) {
    if held { hold(holder) } else { release(holder) }
  }

  // MARK: - Scene stack

  /// The scene on top of the stack, which runs.
  public var runningScene: Scene? { stack.last }

  /// The names of the scenes on the stack, bottom first.
  public var sceneNames: [String] { stack.map(\.name) }

  /// Makes `scene` the first scene. Same as `push` on an empty stack.
  public func run(_ scene: Scene) { push(scene) }

  /// Pushes `scene` over the running one, which is paused (not exited). Applied in the next frame
  /// after the update and before the draw.
  public func push(_ scene: Scene) { pendingChanges.append(.push(scene)) }

  /// Replaces the running scene with `scene`. Applied like `push`.
  public func replace(_ scene: Scene) { pendingChanges.append(.replace(scene)) }

  /// Pops the running scene and resumes the one below. The root scene is never popped.
  public func pop() { pendingChanges.append(.pop) }

  /// Applies pending scene changes now. The frame does this itself; call it to set up before the first frame.
  public func applyPendingSceneChanges() {
    guard !pendingChanges.isEmpty else { return }
    var index = 0
    while index < pendingChanges.count {
      apply(pendingChanges[index])
      index += 1
    }
    pendingChanges.removeAll(keepingCapacity: true)
    for overlay in overlays { overlay.runningSceneDidChange(to: stack.last) }
    updateBottomInset()
  }

  private func apply(_ change: SceneChange) {
    switch change {
    case .push(let scene):
      stack.last?.didPause()
      enter(scene)
    case .replace(let scene):
      if let top = stack.popLast() { exit(top) }
      enter(scene)
    case .pop:
      guard stack.count > 1, let top = stack.popLast() else { return }
      exit(top)
      if let revealed = stack.last {
        revealed.didResume()
        revealed.layoutDidChange()
        eventHandler?(.sceneEntered(name: revealed.name))
      }
    }
    sceneLayerIsStale = true
  }

  private func enter(_ scene: Scene) {
    stack.append(scene)
    scene.director = self
    scene.didEnter()
    scene.layoutDidChange()
    eventHandler?(.sceneEntered(name: scene.name))
  }

  private func exit(_ scene: Scene) {
    scene.willExit()
    scene.director = nil
    eventHandler?(.sceneExited(name: scene.name))
  }

  // MARK: - Overlays

  /// Adds an overlay above the existing ones and tells it which scene runs.
  public func addOverlay(_ overlay: any Overlay) {
    overlays.append(overlay)
    overlay.viewSizeDidChange(to: viewSize)
    overlay.runningSceneDidChange(to: stack.last)
    updateBottomInset()
  }

  /// Takes the largest of the overlays' insets.
  private func updateBottomInset() {
    var inset = 0.0
    for overlay in overlays { inset = max(inset, overlay.bottomInset) }
    bottomInset = inset
  }

  /// Whether an overlay is animating.
  public var overlaysAreAnimating: Bool { overlays.contains { $0.isAnimating } }

  /// Whether an overlay must be composited again.
  public var overlaysNeedDisplay: Bool { overlays.contains { $0.needsDisplay } }

  /// The earliest time an overlay wants to be woken at, if any.
  public var nextOverlayWakeTime: Double? {
    var earliest: Double?
    for overlay in overlays {
      if let time = overlay.nextWakeTime, time < (earliest ?? .infinity) { earliest = time }
    }
    return earliest
  }

  // MARK: - Frame

  /// Dispatches input: overlays first (top first), then the running scene if the director runs.
  /// - Returns: true if something consumed the event.
  @discardableResult
  public func dispatch(_ event: InputEvent) -> Bool {
    var index = overlays.count - 1
    while index >= 0 {
      if overlays[index].handle(event) { return true }
      index -= 1
    }
    guard isRunning, let scene = stack.last else { return false }
    return scene.handle(event)
  }

  /// Tells the overlays that a frame begins at `hostTime`, before its input is dispatched.
  public func beginFrame(at hostTime: Double) {
    for overlay in overlays { overlay.frameDidBegin(at: hostTime) }
  }

  /// Steps the frame to `hostTime`: the overlays' update (whether or not the director runs), then,
  /// while it runs, the scene's delta, its update and the pending scene changes. A stopped director
  /// gives its scene no update, and its next delta is 0.
  public func advance(to hostTime: Double) {
    for overlay in overlays { overlay.update(hostTime: hostTime) }
    updateBottomInset()
    guard isRunning else {
      lastDelta = 0
      return
    }
    lastDelta = Director.clampedDelta(from: lastTickTime, to: hostTime, max: maxDelta)
    lastTickTime = hostTime
    if let scene = stack.last {
      scene.update(delta: lastDelta)
      sceneUpdateCount += 1
    }
    applyPendingSceneChanges()
  }

  /// The delta a scene gets between two host times: 0 without a previous time, never negative,
  /// never more than `max`.
  package static func clampedDelta(from previous: Double?, to now: Double, max: Double) -> Double {
    guard let previous else { return 0 }
    return Swift.min(Swift.max(0, now - previous), max)
  }

  /// Draws the frame: the scene, then every overlay above it.
  ///
  /// While the director runs, the scene is drawn straight to the window, as a game drawing its own
  /// frame would (one clear to its background colour, then its drawing). While it is stopped, the
  /// scene is drawn once more, into the canvas's kept layer, the first time it is needed; from then
  /// on the layer (the last running frame: a stopped scene's state does not change) is copied under
  /// the overlays, and the scene is not drawn again until the director runs or the layout changes.
  public func render(on canvas: any Canvas) {
    if let scene = stack.last {
      if isRunning {
        if !hasWarmedSceneLayer {
          hasWarmedSceneLayer = true
          canvas.warmUpSceneLayer {
            canvas.clear(scene.backgroundColor)
            scene.draw(on: canvas)
          }
        }
        canvas.clear(scene.backgroundColor)
        scene.draw(on: canvas)
        sceneDrawCount += 1
        sceneLayerIsStale = true
      } else if overlays.contains(where: \.coversView) {
        // A full-screen view covers everything: the stopped scene stays in its layer, unshown.
      } else {
        if sceneLayerIsStale {
          canvas.drawIntoSceneLayer {
            canvas.clear(scene.backgroundColor)
            scene.draw(on: canvas)
          }
          sceneDrawCount += 1
          sceneLayerIsStale = false
        }
        canvas.drawSceneLayer()
      }
    } else {
      canvas.clear(Theme.background)
    }
    for overlay in overlays { overlay.draw(on: canvas) }
  }

  private func notifyLayout() {
    sceneLayerIsStale = true
    for scene in stack { scene.layoutDidChange() }
  }
}
