import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionTestSupport
import Testing

/// The overlay in a game with its own loop and pause flag: no director at all.
@Suite("Embedding without a director")
struct EmbeddingTests {
  /// A game loop of its own: a pause flag, an update counter, the overlay on a recording canvas.
  final class ForeignGame {
    var paused = false
    var updates = 0
    let gate: PauseGate
    let overlay: AdOverlay
    let canvas = RecordingCanvas(size: Size(width: 800, height: 600))
    let output = MemoryTraceOutput()
    let folder: AdFolder
    var time = 0.0

    init() throws {
      folder = try AdFolder.standard()
      gate = PauseGate()
      var configuration = AdOverlay.Configuration()
      configuration.latency = 0
      configuration.waitsForDueLoads = true
      overlay = AdOverlay(
        pauseTarget: gate,
        loader: AdLoader(manifestPath: folder.manifestPath, decoder: SignatureDecoder()),
        configuration: configuration, trace: Trace(output: output), urlOpener: RecordingURLOpener())
      gate.onPause = { [unowned self] _ in paused = true }
      gate.onResume = { [unowned self] _ in paused = false }
    }

    func frame() {
      overlay.update(hostTime: time)
      if !paused { updates += 1 }
      overlay.draw(on: canvas)
      time += 1.0 / 60
    }

    func run(seconds: Double) {
      for _ in 0..<Int(seconds * 60) { frame() }
    }

    func clickBanner() {
      let point = Point(x: 400, y: 600 - 45)
      _ = overlay.handle(.pointerDown(point))
      _ = overlay.handle(.pointerUp(point))
    }
  }

  @Test func anInAppAdPausesTheGamesOwnLoopAndClosingResumesIt() throws {
    let game = try ForeignGame()
    game.run(seconds: 1)
    #expect(game.overlay.banner.isClickable && game.overlay.bottomInset == 90, "the size came from the canvas")
    game.clickBanner()
    #expect(game.paused && game.overlay.isAdViewOpen)
    let before = game.updates
    game.run(seconds: 1)
    #expect(game.updates == before, "no game update while the ad is open")
    _ = game.overlay.handle(.keyDown(.escape))
    #expect(!game.paused)
    game.run(seconds: 0.5)
    #expect(game.updates == before + 30)
  }

  @Test func aGameThePlayerPausedStaysPausedAfterTheAd() throws {
    let game = try ForeignGame()
    game.run(seconds: 1)
    game.gate.hold(.user)
    game.clickBanner()
    _ = game.overlay.handle(.keyDown(.escape))
    #expect(game.paused && game.gate.isHeld(by: .user) && !game.gate.isHeld(by: .ad))
    game.gate.release(.user)
    #expect(!game.paused)
  }

  @Test func theGateCallsTheGameOnlyWhenTheRunningStateChanges() {
    var calls: [String] = []
    let gate = PauseGate(onPause: { calls.append("pause \($0)") }, onResume: { calls.append("resume \($0)") })
    gate.hold(.user)
    gate.hold(.ad)
    gate.hold(.ad)
    gate.release(.user)
    gate.release(.window)
    gate.release(.ad)
    gate.hold(.custom("cutscene"))
    gate.release(.custom("cutscene"))
    #expect(calls == ["pause user", "resume ad", "pause cutscene", "resume cutscene"])
  }

  @Test func releasingEverythingInEveryOrderNeverCrashes() throws {
    let folder = try AdFolder.standard()
    let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
    for order in orders {
      for useDirector in [true, false] {
        var target: (any PauseTarget)? =
          useDirector ? Director(viewSize: Size(width: 800, height: 600)) : PauseGate()
        var configuration = AdOverlay.Configuration()
        configuration.latency = 0
        configuration.waitsForDueLoads = true
        var loader: AdLoader? = AdLoader(manifestPath: folder.manifestPath, decoder: SignatureDecoder())
        var overlay: AdOverlay? = AdOverlay(
          pauseTarget: target!, loader: loader!, configuration: configuration, trace: Trace(output: nil),
          urlOpener: RecordingURLOpener())
        var bridge: (any AdBannerDelegate)? = overlay?.delegate
        let control = PauseControl(pauseTarget: target!)  // outlives the target: weakly held too
        if let director = target as? Director, let overlay { director.addOverlay(overlay) }
        let canvas = RecordingCanvas(size: Size(width: 800, height: 600))
        var time = 0.0
        func exercise() {
          for _ in 0..<70 {
            overlay?.update(hostTime: time)
            (target as? Director)?.advance(to: time)
            overlay?.draw(on: canvas)
            time += 1.0 / 60
          }
          _ = overlay?.handle(.pointerDown(Point(x: 400, y: 555)))
          _ = overlay?.handle(.pointerUp(Point(x: 400, y: 555)))
          _ = overlay?.handle(.keyDown(.escape))
          target?.hold(.user)
          target?.release(.user)
          _ = control.handle(.keyDown(.character("p")))
          _ = control.handle(.keyDown(.character("p")))
          control.update(hostTime: time)
          control.draw(on: canvas)
          if let ad = overlay?.currentAd {
            _ = bridge?.bannerActionShouldBegin(ad, willLeaveApplication: false)
            bridge?.bannerActionDidFinish(ad)
          }
        }
        exercise()
        for index in order {
          switch index {
          case 0: target = nil
          case 1: overlay = nil
          default: loader = nil
          }
          exercise()
        }
        bridge = nil
        #expect(target == nil && overlay == nil && loader == nil)
      }
    }
  }
}
