import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionTestSupport
import Testing

@Suite("Pause/resume bridge")
struct AdActionBridgeTests {
  enum Step: CaseIterable {
    case togglePause, minimize, restore, beginInApp, finishInApp, openURL
  }

  static let inApp = AdCreative(id: "in", imagePath: "/x.png", title: "In", action: .inApp)
  static let web = AdCreative(id: "web", imagePath: "/y.png", title: "Web", action: .openURL("https://example.com"))

  @Test func inAppActionSetsNeedsRestoreAndFinishClearsIt() {
    let director = Director(viewSize: Size(width: 10, height: 10))
    let bridge = AdActionBridge(pauseTarget: director)
    #expect(bridge.bannerActionShouldBegin(Self.inApp, willLeaveApplication: false))
    #expect(bridge.needsRestore && !director.isRunning)
    bridge.bannerActionDidFinish(Self.inApp)
    #expect(!bridge.needsRestore && director.isRunning)
    bridge.bannerActionDidFinish(Self.inApp)  // a stray finish changes nothing
    #expect(director.isRunning)
  }

  @Test func leavingTheApplicationPausesNothing() {
    let director = Director(viewSize: Size(width: 10, height: 10))
    let bridge = AdActionBridge(pauseTarget: director)
    #expect(bridge.bannerActionShouldBegin(Self.web, willLeaveApplication: true))
    #expect(!bridge.needsRestore && director.isRunning)
  }

  /// Generated sequences on the bridge and director alone, on the fixed-step clock, against the
  /// rule: the director runs exactly when the user has not paused, the window is not minimised and
  /// no in-app action is open; needsRestore is set exactly while an in-app action is open.
  @Test(arguments: [7, 11, 99, 1234, 98765] as [UInt64])
  func generatedSequencesFollowTheRule(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<40 {
      let clock = FixedStepClock(fps: 60)
      let director = Director(viewSize: Size(width: 10, height: 10))
      let bridge = AdActionBridge(pauseTarget: director)
      let scene = RecordingScene("Game", log: EventLog())
      director.run(scene)
      director.applyPendingSceneChanges()
      var userPaused = false
      var minimized = false
      var actionOpen = false
      var history: [Step] = []
      for _ in 0..<Int.random(in: 1...40, using: &generator) {
        let step = Step.allCases.randomElement(using: &generator)!
        history.append(step)
        let wasRunning = director.isRunning
        let updatesBefore = scene.updates.count
        switch step {
        case .togglePause:
          userPaused.toggle()
          director.setHold(.user, userPaused)
        case .minimize:
          minimized = true
          director.hold(.window)
        case .restore:
          minimized = false
          director.release(.window)
        case .beginInApp where !actionOpen:
          _ = bridge.bannerActionShouldBegin(Self.inApp, willLeaveApplication: false)
          actionOpen = true
        case .finishInApp where actionOpen:
          bridge.bannerActionDidFinish(Self.inApp)
          actionOpen = false
        case .openURL where !actionOpen:
          _ = bridge.bannerActionShouldBegin(Self.web, willLeaveApplication: true)
          bridge.bannerActionDidFinish(Self.web)
        default:
          break
        }
        director.advance(to: clock.now)
        clock.advanceFrame()
        let expected = !userPaused && !minimized && !actionOpen
        #expect(director.isRunning == expected, "after \(history)")
        #expect(bridge.needsRestore == actionOpen, "after \(history)")
        #expect(scene.updates.count == updatesBefore + (expected ? 1 : 0))
        if expected && !wasRunning { #expect(scene.updates.last == 0, "first delta after a resume is 0") }
      }
    }
  }

  /// The same rule through the overlay and real input: P, clicks on the banner, Escape, the
  /// window's minimise and restore, and entering and leaving gameplay (which keeps the banner away
  /// but never holds or releases anything), in generated orders.
  @Test(arguments: [3, 5, 8, 13] as [UInt64])
  func generatedInputThroughTheOverlayFollowsTheRule(seed: UInt64) throws {
    enum Input: CaseIterable { case p, clickBanner, escape, minimize, restore, enterPlay, leavePlay }
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<6 {
      let h = try OverlayHarness(latency: 0, refresh: 1000)
      h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
      var userPaused = false
      var minimized = false
      var viewOpen = false
      var inPlayWanted = false  // pushed or popped; applied in the next running frame
      var inPlay = false
      var history: [Input] = []
      for _ in 0..<25 {
        let input = Input.allCases.randomElement(using: &generator)!
        history.append(input)
        let holdsBefore = h.director.holds
        switch input {
        case .p:
          h.send(.keyDown(.character("p")))
          if !viewOpen { userPaused.toggle() }
        case .clickBanner:
          h.clickBanner()
          if !inPlay { viewOpen = true }
        case .escape:
          h.send(.keyDown(.escape))
          viewOpen = false
        case .minimize:
          h.director.hold(.window)
          minimized = true
        case .restore:
          h.director.release(.window)
          minimized = false
        case .enterPlay:
          guard !inPlayWanted else { continue }
          h.pushGameplay()
          inPlayWanted = true
          #expect(h.director.holds == holdsBefore, "placement holds nothing")
        case .leavePlay:
          guard inPlayWanted else { continue }
          h.director.pop()
          inPlayWanted = false
          #expect(h.director.holds == holdsBefore, "placement releases nothing")
        }
        let running = !userPaused && !minimized && !viewOpen
        h.frames(50)  // past the double-click cooldown and the click guard of a banner shown again
        if running { inPlay = inPlayWanted }
        #expect(h.overlay.isAdViewOpen == viewOpen, "after \(history)")
        #expect(h.director.isRunning == running, "after \(history)")
        #expect(h.director.holds.contains(.ad) == viewOpen)
        #expect(h.overlay.isBannerAllowed == !inPlay, "after \(history)")
        #expect(h.overlay.banner.isOnScreen == !inPlay, "after \(history)")
      }
    }
  }
}
