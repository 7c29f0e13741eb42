import IntermissionCore
import IntermissionTestSupport
import Testing

@Suite("Director")
struct DirectorTests {
  let log = EventLog()
  let clock = FixedStepClock(fps: 60)

  func makeDirector() -> Director {
    Director(viewSize: Size(width: 800, height: 600), maxDelta: 0.1)
  }

  /// Runs `count` frames on the fixed-step clock.
  func frames(_ count: Int, _ director: Director, canvas: RecordingCanvas? = nil) {
    for _ in 0..<count {
      director.advance(to: clock.now)
      if let canvas { director.render(on: canvas) }
      clock.advanceFrame()
    }
  }

  @Test func firstDeltaIsZeroThenOneFrame() {
    let director = makeDirector()
    let scene = RecordingScene("A", log: log)
    director.run(scene)
    director.applyPendingSceneChanges()
    frames(3, director)
    #expect(nearlyEqual(scene.updates, [0, 1.0 / 60, 1.0 / 60]))
  }

  @Test func deltaAfterStartIsZeroHoweverLongItWasStopped() {
    let director = makeDirector()
    let scene = RecordingScene("A", log: log)
    director.run(scene)
    director.applyPendingSceneChanges()
    frames(2, director)
    director.hold(.user)
    frames(600, director)  // ten seconds stopped
    director.release(.user)
    frames(2, director)
    #expect(nearlyEqual(scene.updates, [0, 1.0 / 60, 0, 1.0 / 60]))
  }

  @Test func deltaIsClampedInEveryBuild() {
    let director = makeDirector()
    let scene = RecordingScene("A", log: log)
    director.run(scene)
    director.applyPendingSceneChanges()
    director.advance(to: 1)
    director.advance(to: 6)  // a five-second stall
    director.advance(to: 6.05)
    director.advance(to: 5)  // time never goes backwards for the scene
    #expect(scene.updates.count == 4)
    #expect(scene.updates[0] == 0)
    #expect(scene.updates[1] == 0.1)
    #expect(abs(scene.updates[2] - 0.05) < 1e-9)
    #expect(scene.updates[3] == 0)
    #expect(Director.clampedDelta(from: nil, to: 3, max: 0.1) == 0)
    #expect(Director.clampedDelta(from: 1, to: 100, max: 0.25) == 0.25)
  }

  @Test func theClampFollowsTheFrameRateSoSlowGamesDoNotRunInSlowMotion() {
    #expect(Director.maxDelta(forFPS: 60) == 0.1)
    #expect(Director.maxDelta(forFPS: 5) == 0.6)
    for fps in [1.0, 5, 10, 30, 60, 144] {
      let director = Director(viewSize: Size(width: 100, height: 100), maxDelta: Director.maxDelta(forFPS: fps))
      let scene = RecordingScene("A", log: log)
      director.run(scene)
      let clock = FixedStepClock(fps: fps)
      for _ in 0..<Int(fps * 10) {
        director.advance(to: clock.now)
        clock.advanceFrame()
      }
      // Frames at 0 ... 10 s - 1/fps: the scene runs from the second, each step a whole frame.
      let sceneTime = scene.updates.reduce(0, +)
      #expect(abs(sceneTime - (10 - 1 / fps)) < 1e-6, "at \(fps) fps: \(sceneTime) s of scene time")
    }
    let fixed = Director(viewSize: Size(width: 100, height: 100), maxDelta: 0.1)
    let scene = RecordingScene("B", log: log)
    fixed.run(scene)
    let clock = FixedStepClock(fps: 5)
    for _ in 0..<50 {
      fixed.advance(to: clock.now)
      clock.advanceFrame()
    }
    #expect(scene.updates.reduce(0, +) < 5, "a fixed 0.1 s clamp runs a 5 fps game at half speed")
  }

  /// A GPU driver that compiles its drawing code at first use (llvmpipe) would otherwise do it for
  /// the scene layer at the first pause: in a full-screen ad's first frame, or the player's pause.
  @Test func theFirstRunningFrameAsksTheCanvasOnceToWarmUpItsSceneLayerWithTheScenesOwnDrawing() {
    let director = makeDirector()
    let canvas = RecordingCanvas()
    canvas.runsSceneLayerWarmUps = true
    let scene = RecordingScene("A", log: log)
    director.run(scene)
    frames(1, director, canvas: canvas)
    #expect(canvas.sceneLayerWarmUps.count == 1)
    let warmUp = canvas.sceneLayerWarmUps.first ?? []
    #expect(!warmUp.isEmpty && Array(canvas.operations.prefix(warmUp.count)) == warmUp, "\(warmUp)")
    #expect(scene.draws == 2, "the warm-up's drawing and the frame's")
    frames(20, director, canvas: canvas)
    director.hold(.window)
    frames(5, director, canvas: canvas)
    #expect(canvas.sceneLayerWarmUps.count == 1, "only once")
    #expect(scene.draws == 23, "then once in each of the 20 running frames, and once into the layer at the hold")
  }

  @Test func stoppedDirectorNeitherUpdatesNorDrawsButOverlaysDo() {
    let director = makeDirector()
    let canvas = RecordingCanvas()
    let scene = RecordingScene("A", log: log)
    let overlay = CountingOverlay()
    director.addOverlay(overlay)
    director.run(scene)
    frames(5, director, canvas: canvas)
    let updates = scene.updates.count
    let draws = scene.draws
    #expect(updates == 4)  // the first frame applies the run; the scene updates from the second
    #expect(draws == 5)
    #expect(canvas.layerDraws == 0 && canvas.layerComposites == 0, "a running scene draws straight to the window")
    director.hold(.window)
    frames(30, director, canvas: canvas)
    #expect(scene.updates.count == updates)
    #expect(scene.draws == draws + 1, "drawn once more, into the kept layer, and then not again")
    #expect(canvas.layerDraws == 1)
    #expect(overlay.updates == 35)
    #expect(overlay.draws == 35)
    #expect(canvas.layerComposites == 30, "the kept layer is shown every frame while stopped")
    director.release(.window)
    frames(3, director, canvas: canvas)
    #expect(scene.draws == draws + 4 && canvas.layerComposites == 30, "running again: straight to the window")
  }

  @Test func stoppedDirectorRoutesInputToOverlaysOnly() {
    let director = makeDirector()
    let scene = RecordingScene("A", log: log)
    let overlay = CountingOverlay()
    director.addOverlay(overlay)
    director.run(scene)
    director.applyPendingSceneChanges()
    director.dispatch(.keyDown(.up))
    director.hold(.user)
    director.dispatch(.keyDown(.down))
    #expect(overlay.inputs == [.keyDown(.up), .keyDown(.down)])
    #expect(scene.inputs == [.keyDown(.up)])
  }

  @Test func overlaysGetInputTopFirstAndCanConsumeIt() {
    let director = makeDirector()
    let scene = RecordingScene("A", log: log)
    let bottom = CountingOverlay()
    let top = CountingOverlay()
    top.consumes = true
    director.addOverlay(bottom)
    director.addOverlay(top)
    director.run(scene)
    director.applyPendingSceneChanges()
    #expect(director.dispatch(.keyDown(.space)))
    #expect(top.inputs.count == 1)
    #expect(bottom.inputs.isEmpty)
    #expect(scene.inputs.isEmpty)
  }

  @Test func sceneStackHooksRunInOrder() {
    let director = makeDirector()
    let a = RecordingScene("A", log: log)
    let b = RecordingScene("B", log: log)
    let c = RecordingScene("C", log: log)
    var events: [DirectorEvent] = []
    director.eventHandler = { events.append($0) }
    director.run(a)
    director.applyPendingSceneChanges()
    director.push(b)
    director.applyPendingSceneChanges()
    director.replace(c)
    director.applyPendingSceneChanges()
    #expect(director.sceneNames == ["A", "C"])
    director.pop()
    director.applyPendingSceneChanges()
    director.pop()  // the root is never popped
    director.applyPendingSceneChanges()
    #expect(director.sceneNames == ["A"])
    #expect(log.entries == ["A.enter", "A.pause", "B.enter", "B.exit", "C.enter", "C.exit", "A.resume"])
    #expect(
      events == [
        .sceneEntered(name: "A"), .sceneEntered(name: "B"), .sceneExited(name: "B"), .sceneEntered(name: "C"),
        .sceneExited(name: "C"), .sceneEntered(name: "A"),
      ])
    #expect(b.director == nil && c.director == nil && a.director === director)
  }

  @Test func pendingSceneIsSwappedInAfterUpdateAndBeforeDraw() {
    let director = makeDirector()
    let canvas = RecordingCanvas()
    let a = RecordingScene("A", log: log)
    let b = RecordingScene("B", log: log)
    director.run(a)
    director.applyPendingSceneChanges()
    a.onUpdate = { scene in
      scene.director?.push(b)
      scene.onUpdate = nil
    }
    director.advance(to: 0)
    #expect(a.updates.count == 1)
    #expect(b.updates.isEmpty, "the new scene is not updated in the frame it arrives")
    #expect(director.runningScene === b)
    director.render(on: canvas)
    #expect(b.draws == 1 && a.draws == 0, "it is drawn in that frame")
  }

  @Test func layoutChangesReachEveryScene() {
    let director = makeDirector()
    let scene = LayoutScene()
    director.run(scene)
    director.applyPendingSceneChanges()
    let initial = scene.layouts
    let banner = InsetOverlay()
    director.addOverlay(banner)
    director.viewSize = Size(width: 1024, height: 768)
    banner.inset = 90
    director.advance(to: 0)  // the director reads its overlays' insets after updating them
    director.advance(to: 0)
    #expect(scene.layouts == initial + 2)
    #expect(scene.bottomInset == 90)
    #expect(scene.viewSize == Size(width: 1024, height: 768))
  }
}

/// Whether two lists of seconds agree to a nanosecond (frame times are `frame / fps`).
func nearlyEqual(_ a: [Double], _ b: [Double]) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
}

/// An overlay that counts what it is given.
final class CountingOverlay: Overlay {
  var updates = 0
  var draws = 0
  var inputs: [InputEvent] = []
  var consumes = false
  func update(hostTime: Double) { updates += 1 }
  func draw(on canvas: any Canvas) { draws += 1 }
  func handle(_ event: InputEvent) -> Bool {
    inputs.append(event)
    return consumes
  }
  var isAnimating: Bool { false }
  var nextWakeTime: Double? { nil }
  var needsDisplay: Bool { false }
}

final class LayoutScene: Scene {
  var layouts = 0
  init() { super.init(name: "Layout") }
  override func layoutDidChange() { layouts += 1 }
}
