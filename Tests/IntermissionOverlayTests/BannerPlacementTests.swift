import IntermissionAds
import IntermissionCore
import IntermissionTestSupport
import Testing

/// The banner follows the running scene: gameplay keeps it away, menus bring it back.
@Suite("Banner placement")
struct BannerPlacementTests {
  @Test func placementFollowsTheRunningSceneThroughPushPopAndReplace() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 1.0)
    #expect(h.overlay.banner.isClickable && h.overlay.bottomInset == 90)
    let before = h.summary.count
    h.pushGameplay()
    h.frame()
    // Hidden in the frame that applied the push, right after the scene entered; no inset at once.
    #expect(Array(h.summary.dropFirst(before)) == ["60 scene.entered", "60 banner.hidden scene"])
    #expect(h.overlay.bottomInset == 0)
    #expect(h.director.isRunning && h.director.holds.isEmpty, "placement is not a pause")
    h.run(until: 1.5)
    #expect(!h.overlay.banner.isOnScreen)
    h.director.pop()
    h.frame()
    #expect(Array(h.summary.suffix(3)) == ["90 scene.exited", "90 scene.entered", "90 banner.shown scene"])
    h.run(until: 2.0)
    #expect(h.overlay.banner.isClickable && h.overlay.bottomInset == 90)
    h.director.replace(RecordingScene("Level", log: EventLog(), allowsBanner: false))
    h.frame()
    #expect(Array(h.summary.suffix(3)) == ["120 scene.exited", "120 scene.entered", "120 banner.hidden scene"])
  }

  @Test func aClickInGameplayAtTheBannersOldPlaceReachesTheGame() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 1.0)
    let play = h.pushGameplay()
    h.frame()
    h.clickBanner()  // still sliding out: the overlay must not take it either
    h.run(until: 1.5)
    h.clickBanner()
    #expect(play.inputs.filter { $0 == .pointerDown(h.bannerCentre) }.count == 2, "both clicks reached the game")
    #expect(!h.events.contains("banner.clicked") && !h.overlay.isAdViewOpen)
  }

  @Test func noRotationWhileGameplayKeepsTheBannerAway() throws {
    let h = try OverlayHarness(latency: 0, refresh: 1)
    h.run(until: 0.5)
    h.pushGameplay()
    h.run(until: 10)
    #expect(h.events.filter { $0 == "ad.loaded" }.count == 1, "no request in 9.5 s of gameplay")
    h.director.pop()
    h.run(until: 10.5)
    #expect(h.events.filter { $0 == "ad.loaded" }.count == 1, "only viewable time counts")
    h.run(until: 11)
    #expect(h.events.filter { $0 == "ad.loaded" }.count == 2, "the rotation after the rest of the viewable second")
  }

  @Test func anEmbeddingGameSetsPlacementWithOneProperty() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 1.0)
    h.overlay.isBannerAllowed = false
    #expect(h.overlay.bottomInset == 0)
    #expect(h.events.last == "banner.hidden")
    h.overlay.isBannerAllowed = true
    #expect(h.events.last == "banner.shown")
    #expect(h.lines(containing: "banner.").map { $0.contains(#""reason":"scene""#) } == [false, true, true])
  }

  @Test func placementCombinedWithHolds() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 1.0)
    h.clickBanner()  // the ad from the menu
    #expect(h.overlay.isAdViewOpen && !h.director.isRunning)
    h.send(.keyDown(.escape))
    h.frame()
    h.pushGameplay()
    h.frame()
    #expect(!h.overlay.banner.isClickable && h.events.last == "banner.hidden", "entering Play: the banner goes")
    h.director.hold(.window)  // minimise and restore in Play
    h.frames(10)
    h.director.release(.window)
    h.frames(30)
    #expect(!h.overlay.banner.isOnScreen, "it stays away")
    h.send(.keyDown(.character("p")))  // pause and resume in Play
    h.frames(10)
    h.send(.keyDown(.character("p")))
    h.frames(30)
    #expect(!h.overlay.banner.isOnScreen, "no banner")
    #expect(h.director.isRunning && h.director.holds.isEmpty)
    #expect(h.lines(containing: "banner.shown").count == 1, "shown once, at the first load")
  }

  @Test func aClickInTheFirstFrameAfterTheHostSleptIsJudgedAtThatFramesTime() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 0.3)  // settled at 0.25: clicks count from 0.75
    h.director.hold(.user)
    // A held host sleeps until input comes; its next frame begins at 2.0 with the click in it.
    h.driver.begin(at: 2.0)
    h.clickBanner()
    h.driver.advance(to: 2.0)
    #expect(h.events.contains("banner.clicked"), "judged at 2.0, not at the last update (0.283): \(h.summary)")
    #expect(!h.events.contains("banner.clickRefused"))
  }

  @Test func theClickGuardRefusesClicksRightAfterTheSlideInOrACreativeChange() throws {
    let h = try OverlayHarness(latency: 0, refresh: 2)
    h.run(until: 0.5)  // loaded at 0, settled at 0.25 (frame 15)
    h.clickBanner()  // 0.5: within 0.5 s of the slide-in
    h.run(until: 0.8)
    h.clickBanner()  // 0.8: the same tap a moment later works
    h.send(.keyDown(.escape))
    // Viewable from frame 8 (the ad view opened and closed within frame 48's input, so nothing
    // covered the banner at any update): the rotation after 120 viewable frames, at frame 128, and
    // the creative changes under a shown banner.
    h.run(until: 2.2)
    h.clickBanner()  // 2.2 (frame 132): within 0.5 s of the change
    h.run(until: 2.75)
    h.clickBanner()  // 2.75 (frame 165): works
    #expect(
      h.summary == [
        "0 ad.loaded", "0 banner.shown loaded", "8 viewable.start", "30 banner.clickRefused justShown",
        "48 banner.clicked", "48 pause.held ad", "48 game.paused ad", "48 action.began", "48 action.finished",
        "48 pause.released ad", "48 game.resumed ad", "68 impression", "68 ad.revenue", "128 viewable.stop rotated",
        "128 ad.loaded", "128 viewable.start", "132 banner.clickRefused creativeChanged", "165 banner.clicked",
        "165 pause.held ad", "165 game.paused ad", "165 action.began",
      ])
  }
}
