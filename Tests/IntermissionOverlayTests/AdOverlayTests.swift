import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionTestSupport
import Testing

@Suite("Ad overlay")
struct AdOverlayTests {
  @Test func bannerStaysOffscreenAndUnclickableUntilAnAdLoads() throws {
    let h = try OverlayHarness(latency: 0.5)
    h.run(until: 0.45)
    #expect(!h.overlay.banner.isOnScreen)
    #expect(h.overlay.bottomInset == 0)
    #expect(!h.canvas.operations.contains { $0.hasPrefix("image") }, "no banner drawn before the load")
    h.clickBanner()
    #expect(!h.events.contains("banner.clicked"))
    #expect(h.scene.inputs.contains(.pointerDown(h.bannerCentre)), "the click went to the scene")
    h.run(until: 0.51)
    #expect(h.events == ["ad.loaded", "banner.shown"])
    #expect(h.lines(containing: "ad.loaded").first?.contains(#""frame":30,"#) == true, "delivered at 0.5 s exactly")
  }

  @Test func bannerSlidesInWithEaseInOutAndFullWidthPinnedToTheBottom() throws {
    let h = try OverlayHarness(latency: 0.5)
    h.run(until: 0.5 + 1.0 / 60)
    let early = h.overlay.bannerFrame
    h.run(until: 0.625)
    let middle = h.overlay.bannerFrame
    h.run(until: 0.8)
    let settled = h.overlay.bannerFrame
    #expect(early.minY > middle.minY && middle.minY > settled.minY)
    #expect(settled == Rect(x: 0, y: 510, width: 800, height: 90), "90 tall: the view is at least 728 wide")
    #expect(h.overlay.banner.isClickable)
    #expect(h.events.suffix(1) == ["viewable.start"], "the impression counts after a viewable second")
    #expect(h.overlay.bottomInset == 90)
    #expect(h.director.bottomInset == 90)
  }

  @Test func bannerIs90TallFrom728WideAndFollowsResizes() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
    h.director.viewSize = Size(width: 1024, height: 768)
    #expect(h.overlay.bannerFrame == Rect(x: 0, y: 678, width: 1024, height: 90))
    h.director.viewSize = Size(width: 727, height: 500)
    #expect(h.overlay.bannerFrame == Rect(x: 0, y: 450, width: 727, height: 50))
    #expect(h.overlay.bottomInset == 50)
  }

  @Test func inAppActionPausesTheDirectorAndClosingRestoresIt() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
    h.clickBanner()
    #expect(!h.director.isRunning)
    #expect(h.director.holds.contains(.ad))
    #expect(h.overlay.isAdViewOpen)
    h.frames(5)
    h.canvas.reset()
    h.frame()
    #expect(h.canvas.texts.contains("Ad A"), "the ad view shows the creative's title")
    #expect(h.canvas.texts.contains("Close"))
    h.send(.keyDown(.escape))
    #expect(h.director.isRunning)
    #expect(!h.overlay.isAdViewOpen)
    #expect(
      Array(h.events.suffix(8)) == [
        "banner.clicked", "pause.held", "game.paused", "action.began", "viewable.stop", "action.finished",
        "pause.released", "game.resumed",
      ])
    #expect(h.lines(containing: "viewable.stop").last?.contains(#""reason":"covered""#) == true)
    #expect(h.lines(containing: "action.began").first?.contains(#""willLeave":false"#) == true)
    #expect(h.lines(containing: "game.paused").first?.contains(#""reason":"ad""#) == true)
  }

  @Test func closeButtonClosesTheAdView() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
    h.clickBanner()
    let close = AdView.closeButtonFrame(in: h.director.viewSize)
    h.click(Point(x: close.midX, y: close.midY))
    #expect(!h.overlay.isAdViewOpen)
    #expect(h.director.isRunning)
  }

  @Test func noInputReachesTheSceneOrThePauseControlWhileTheAdViewIsOpen() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
    h.clickBanner()
    let before = h.scene.inputs.count
    h.send(.keyDown(.character("p")))
    h.click(Point(x: 400, y: 300))
    h.send(.wheel(dy: 2))
    #expect(h.scene.inputs.count == before)
    #expect(!h.director.holds.contains(.user), "P did not reach the pause control")
  }

  @Test func userPauseBeforeTheAdKeepsTheDirectorPausedAfterIt() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
    h.send(.keyDown(.character("p")))
    h.clickBanner()
    h.send(.keyDown(.escape))
    #expect(!h.director.isRunning)
    #expect(h.director.holds.sorted == [.user])
    let updates = h.scene.updates.count
    h.frames(30)
    #expect(h.scene.updates.count == updates)
    #expect(!h.events.contains("game.resumed"))
  }

  @Test func minimiseDuringTheAdResumesOnlyWhenTheWindowIsRestored() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
    h.clickBanner()
    h.director.hold(.window)
    h.send(.keyDown(.escape))
    #expect(!h.director.isRunning)
    h.director.release(.window)
    #expect(h.director.isRunning)
    #expect(h.lines(containing: "game.resumed").last?.contains(#""reason":"window""#) == true)
  }

  @Test func openURLActionGoesToTheBrowserAndPausesNothing() throws {
    let h = try OverlayHarness(latency: 0, refresh: 1)
    // Viewable from frame 8 (half of the banner in), so each ad rotates after 60 viewable frames:
    // to b at frame 68, to c (open-url) at frame 128, clickable after the click guard.
    h.run(until: 2.7)
    #expect(h.overlay.currentAd?.id == "c")
    h.clickBanner()
    #expect(h.director.isRunning)
    #expect(h.opener.opened == ["https://example.com/c"])
    #expect(
      Array(h.events.suffix(4)) == ["banner.clicked", "action.began", "url.opened", "action.finished"])
    #expect(h.lines(containing: "action.began").last?.contains(#""willLeave":true"#) == true)
    #expect(h.overlay.activeAction == nil)
  }

  @Test func aBrowserThatRefusesTheURLIsTracedAndTheActionStillEnds() throws {
    let h = try OverlayHarness(latency: 0, refresh: 1)
    h.opener.accepts = false
    h.run(until: 2.7)
    h.clickBanner()
    #expect(Array(h.events.suffix(3)) == ["action.began", "url.failed", "action.finished"])
    #expect(h.lines(containing: "url.failed").last?.contains(#""reason":"no browser here""#) == true)
    #expect(h.overlay.activeAction == nil && h.director.isRunning)
    // The player is told, in the window, for 3 s; an idle host wakes to take the message away.
    #expect(h.overlay.currentNotice == AdOverlay.browserFailureNotice)
    h.frame()
    #expect(h.canvas.texts.contains(AdOverlay.browserFailureNotice))
    let clicked = h.clock.now
    #expect(h.overlay.nextWakeTime.map { $0 <= clicked + 3 } == true)
    h.run(until: clicked + 3.1)
    #expect(h.overlay.currentNotice == nil)
    h.canvas.reset()
    h.frame()
    #expect(!h.canvas.texts.contains(AdOverlay.browserFailureNotice))
  }

  @Test func anOpenerThatOpensNothingSaysSoInTheTrace() throws {
    let h = try OverlayHarness(latency: 0, refresh: 1)
    h.opener.opensNothing = true
    h.run(until: 2.7)
    h.clickBanner()
    #expect(
      h.lines(containing: "url.opened").last?.hasSuffix(#""url":"https://example.com/c","headless":true}"#) == true)
    #expect(h.overlay.currentNotice == nil)
  }

  @Test func doubleClicksAndClicksDuringSlidesStartAtMostOneAction() throws {
    let h = try OverlayHarness(latency: 0)
    h.frames(3)  // sliding in
    #expect(h.overlay.banner.isAnimating)
    h.clickBanner()
    #expect(!h.events.contains("banner.clicked"), "no action while sliding in")
    h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
    h.clickBanner()
    h.clickBanner()
    #expect(h.events.filter { $0 == "action.began" }.count == 1)
    h.send(.keyDown(.escape))
    h.clickBanner()  // immediately after closing: still within the double-click cooldown
    #expect(h.events.filter { $0 == "action.began" }.count == 1)
  }

  @Test func failureHidesTheBannerAndTheGameGoesOn() throws {
    let folder = try AdFolder.standard()
    let h = try OverlayHarness(folder: folder, latency: 0, refresh: 1)
    h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
    #expect(h.overlay.banner.isClickable)
    try folder.writeManifest("{ broken")
    h.run(until: 1.15)  // the rotation after a viewable second (frame 68) fails
    #expect(h.events.contains("ad.failed"))
    #expect(h.lines(containing: "ad.failed").first?.contains("malformed ad manifest") == true)
    #expect(h.overlay.banner.phase != .shown)
    h.run(until: 1.5)
    #expect(!h.overlay.banner.isOnScreen)
    #expect(h.overlay.bottomInset == 0)
    #expect(h.director.isRunning)
    h.clickBanner()
    #expect(!h.events.contains("banner.clicked"), "a hidden banner takes no clicks")
    // A later successful load shows it again.
    try AdFolder.rewriteStandardManifest(folder)
    h.run(until: 2.5)
    #expect(h.overlay.banner.isClickable)
    #expect(h.events.filter { $0 == "banner.shown" }.count == 2)
  }

  @Test func failAdsMakesEveryLoadFail() throws {
    let h = try OverlayHarness(latency: 0.2, refresh: 1, failsEveryLoad: true)
    h.run(until: 6)
    // Retries back off: about 1 s after the first failure, about 2 s after the second.
    let times = h.lines(containing: "ad.failed").compactMap { line in
      line.split(separator: ",").first { $0.hasPrefix(#""time":"#) }.flatMap { Double($0.dropFirst(7)) }
    }
    #expect(times.count == 3, "\(times)")
    if times.count == 3 {
      let gaps = [times[1] - times[0] - 0.2, times[2] - times[1] - 0.2]
      #expect(gaps[0] >= 0.8 - 0.02 && gaps[0] <= 1.02 && gaps[1] >= 1.6 - 0.02 && gaps[1] <= 2.02, "\(gaps)")
    }
    #expect(!h.events.contains("banner.shown"))
    #expect(h.lines(containing: "ad.failed").first?.contains("--fail-ads") == true)
  }

  @Test func corruptImageIsAFailureToReceiveAnAd() throws {
    let folder = try AdFolder()
    try folder.write("bad.png", "this is not an image")
    try folder.writeManifest(#"{ "ads": [ { "id": "bad", "image": "bad.png", "title": "t", "action": "in-app" } ] }"#)
    let h = try OverlayHarness(folder: folder, latency: 0)
    h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
    #expect(h.events == ["ad.failed"])
    #expect(h.lines(containing: "ad.failed").first?.contains("ad 'bad': image") == true)
  }

  @Test func rotationWaitsWhileAnActionIsInProgressOrTheWindowIsMinimised() throws {
    let h = try OverlayHarness(latency: 0, refresh: 1)
    h.run(until: 1.0)  // viewable from frame 8: 52 of the 60 viewable frames before a rotation
    h.clickBanner()
    h.run(until: 3)
    #expect(h.events.filter { $0 == "ad.loaded" }.count == 1, "no rotation during the action")
    #expect(h.overlay.nextWakeTime == nil)
    h.send(.keyDown(.escape))
    h.frames(8)
    #expect(h.events.filter { $0 == "ad.loaded" }.count == 1, "the covered time did not count")
    h.frames(2)
    #expect(h.events.filter { $0 == "ad.loaded" }.count == 2, "the rotation after the remaining viewable time")
    h.director.hold(.window)  // the overlay reads "minimised" from its pause target's window hold
    h.run(until: 66)
    #expect(h.events.filter { $0 == "ad.loaded" }.count == 2, "no rotation while minimised")
    #expect(h.lines(containing: "viewable.stop").last?.contains(#""reason":"minimized""#) == true)
    h.director.release(.window)
    h.frames(59)
    #expect(h.events.filter { $0 == "ad.loaded" }.count == 2)
    h.frames(2)
    #expect(h.events.filter { $0 == "ad.loaded" }.count == 3)
    #expect(h.lines(containing: "ad.loaded").map { $0.contains(#""id":"a""#) } == [true, false, false])
  }

  @Test func hiddenBannerStaysOffscreenWhateverLoads() throws {
    let h = try OverlayHarness(latency: 0, refresh: 1)
    h.overlay.isBannerHidden = true
    h.run(until: 2.5)
    #expect(h.events.contains("ad.loaded"))
    #expect(!h.overlay.banner.isOnScreen)
    h.clickBanner()
    #expect(!h.events.contains("banner.clicked"))
    h.overlay.isBannerHidden = false
    h.frame()
    #expect(h.events.last == "banner.shown")
    h.run(until: 3)
    h.overlay.isBannerHidden = true
    #expect(h.events.last == "banner.hidden")
    h.run(until: 3.5)
    #expect(h.overlay.bottomInset == 0)
  }

  @Test func overlayAnimatesOnHostTimeWhileTheDirectorIsStopped() throws {
    let h = try OverlayHarness(latency: 0.5)
    h.director.hold(.user)
    h.run(until: 0.6)
    #expect(h.overlay.banner.isAnimating)
    let first = h.overlay.bannerFrame.minY
    h.frames(3)
    #expect(h.overlay.bannerFrame.minY < first)
    h.run(until: 1)
    #expect(h.overlay.banner.isClickable)
    #expect(h.scene.updates.isEmpty)
  }

  @Test func delegateHearsTheIAdCallbacks() throws {
    let h = try OverlayHarness(latency: 0)
    let delegate = RecordingDelegate()
    h.overlay.delegate = delegate
    h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
    h.clickBanner()
    #expect(h.director.isRunning, "a custom delegate replaces the bridge: nothing paused")
    h.send(.keyDown(.escape))
    #expect(delegate.calls == ["load a", "click a", "shouldBegin a false", "finish a"])
    h.run(until: 1.2)
    #expect(delegate.calls.last == "impression a", "a viewable second after frame 8")
  }

  @Test func delegateCanRefuseTheAction() throws {
    let h = try OverlayHarness(latency: 0)
    let delegate = RecordingDelegate()
    delegate.allows = false
    h.overlay.delegate = delegate
    h.run(until: 1.0)  // shown at 0.25, clickable after the 0.5 s click guard
    h.clickBanner()
    #expect(!h.overlay.isAdViewOpen)
    #expect(!h.events.contains("action.began"))
  }
}

final class RecordingDelegate: AdBannerDelegate {
  var calls: [String] = []
  var allows = true
  func bannerDidLoadAd(_ ad: AdCreative) { calls.append("load \(ad.id)") }
  func bannerDidFailToReceiveAd(error: AdError) { calls.append("fail") }
  func bannerActionShouldBegin(_ ad: AdCreative, willLeaveApplication: Bool) -> Bool {
    calls.append("shouldBegin \(ad.id) \(willLeaveApplication)")
    return allows
  }
  func bannerActionDidFinish(_ ad: AdCreative) { calls.append("finish \(ad.id)") }
  func bannerDidRecordImpression(_ ad: AdCreative) { calls.append("impression \(ad.id)") }
  func bannerDidRecordClick(_ ad: AdCreative) { calls.append("click \(ad.id)") }
}
