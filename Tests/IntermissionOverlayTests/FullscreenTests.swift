import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOverlay
import IntermissionTestSupport
import Testing

/// A harness with the full-screen manifest, loads at once, and no session-start delay unless asked.
func fullscreenHarness(
  closeAfter: Double = 5, rewardAfter: Double = 15, configure: (inout AdOverlay.Configuration) -> Void = { _ in }
) throws -> OverlayHarness {
  try OverlayHarness(
    folder: AdFolder.withFullscreen(closeAfter: closeAfter, rewardAfter: rewardAfter), latency: 0
  ) { configuration in
    configuration.pacing.sessionStartDelay = 0
    configure(&configuration)
  }
}

extension OverlayHarness {
  /// The full-screen story of the trace: "frame event key=value ..." for the events of full-screen
  /// ads and the holds, without the banner's.
  var fullscreenStory: [String] {
    let keys = ["format", "placement", "id", "reason", "type", "amount", "pending"]
    return output.lines.compactMap { line in
      guard let event = value(of: "event", in: line),
        event.hasPrefix("fullscreen.") || event.hasPrefix("rewarded.") || event.hasPrefix("pause.")
          || event.hasPrefix("game.") || (event == "impression" && line.contains("\"format\""))
      else { return nil }
      let frame = line.split(separator: ",")[0].dropFirst("{\"frame\":".count)
      let fields = keys.compactMap { key in value(of: key, in: line).map { "\(key)=\($0)" } }
      return (["\(frame) \(event)"] + fields).joined(separator: " ")
    }
  }

  private func value(of key: String, in line: String) -> String? {
    guard let range = line.range(of: "\"\(key)\":") else { return nil }
    let rest = line[range.upperBound...]
    if rest.hasPrefix("\"") { return String(rest.dropFirst().prefix { $0 != "\"" }) }
    return String(rest.prefix { $0 != "," && $0 != "}" })
  }

  /// Presses Escape (a controller's B or Back arrives as Escape).
  func escape() { send(.keyDown(.escape)) }
}

@Suite("Full-screen ads")
struct FullscreenTests {
  @Test func anInterstitialShowsHoldsTheGameAndClosesAfterItsCountdown() throws {
    let h = try fullscreenHarness()
    var events: [FullscreenEvent.Kind] = []
    h.overlay.fullscreen.onEvent = { events.append($0.kind) }
    h.run(until: 1)
    #expect(h.overlay.fullscreen.isReady(.interstitial))
    #expect(h.overlay.fullscreen.showInterstitial(placement: "level_end") == nil)
    #expect(!h.director.isRunning, "held from the show call on")
    h.frame()
    #expect(h.canvas.texts.contains("Interstitial I"), "presented in the next frame")
    // 1280×720 in 800×600: as large as the page allows (284 tall), 16:9 kept, centred.
    let image = try #require(h.canvas.operations.last { $0.hasPrefix("image 2 ") })
    #expect(image.contains("x: 147.55555555555557, y: 76.0"), "\(image)")
    #expect(image.contains("width: 504.88888888888886, height: 284.0"), "\(image)")
    h.run(until: 6.5)
    h.escape()
    #expect(h.director.isRunning)
    #expect(
      h.fullscreenStory == [
        "59 pause.held reason=ad", "59 game.paused reason=ad",
        "60 fullscreen.shown format=interstitial placement=level_end id=i",
        "121 impression format=interstitial placement=level_end id=i",
        "390 fullscreen.dismissed format=interstitial placement=level_end id=i", "390 pause.released reason=ad",
        "390 game.resumed reason=ad",
      ])
    #expect(events == [.shown, .impression, .dismissed])
  }

  @Test func aCloseBeforeTheCountdownIsRefusedAndTheCountdownReplacesClose() throws {
    let h = try fullscreenHarness()
    h.run(until: 1)
    h.overlay.fullscreen.showInterstitial(placement: "level_end")
    h.run(until: 2)
    #expect(h.canvas.texts.suffix(12).contains("5"), "the countdown shows where Close will be")
    h.run(until: 2.1)
    #expect(h.canvas.texts.suffix(12).contains("4"), "a second on screen later")
    #expect(!h.canvas.texts.suffix(12).contains("Close"))
    h.escape()
    let close = AdView.closeButtonFrame(in: h.director.viewSize)
    h.click(Point(x: close.maxX - 22, y: close.midY))
    #expect(h.overlay.fullscreen.isShowing)
    #expect(!h.director.isRunning)
    h.run(until: 6.1)
    h.click(Point(x: close.midX, y: close.midY))
    #expect(!h.overlay.fullscreen.isShowing)
    #expect(
      h.fullscreenStory == [
        "59 pause.held reason=ad", "59 game.paused reason=ad",
        "60 fullscreen.shown format=interstitial placement=level_end id=i",
        "121 impression format=interstitial placement=level_end id=i",
        "126 fullscreen.closeRefused format=interstitial placement=level_end id=i",
        "126 fullscreen.closeRefused format=interstitial placement=level_end id=i",
        "366 fullscreen.dismissed format=interstitial placement=level_end id=i", "366 pause.released reason=ad",
        "366 game.resumed reason=ad",
      ])
    #expect(h.lines(containing: "closeRefused").first?.contains(#""remaining":3.933333"#) == true)
  }

  @Test func aRewardedAdWatchedToTheEndRewardsOnceBeforeTheDismissal() throws {
    let h = try fullscreenHarness()
    var story: [String] = []
    var rewards: [EarnedReward] = []
    h.overlay.fullscreen.onEvent = { story.append($0.kind.event.name) }
    h.overlay.fullscreen.onReward = { reward in
      rewards.append(reward)
      story.append("handler")
    }
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus_coins") == nil)
    h.run(until: 10)
    #expect(h.canvas.texts.contains("Reward in 7 s"))
    h.run(until: 17)
    #expect(h.canvas.texts.contains("Reward earned: 50 coins"))
    #expect(h.lines(containing: "rewarded.completed").first?.contains(#""frame":961"#) == true)
    #expect(try h.overlay.fullscreen.rewardStore.pending().count == 1, "recorded when the countdown completed")
    h.escape()
    h.frames(60)
    #expect(
      h.fullscreenStory == [
        "59 pause.held reason=ad", "59 game.paused reason=ad",
        "60 fullscreen.shown format=rewarded placement=bonus_coins id=r",
        "121 impression format=rewarded placement=bonus_coins id=r",
        "961 rewarded.completed format=rewarded placement=bonus_coins id=r",
        "1020 rewarded.earned format=rewarded placement=bonus_coins id=r type=coins amount=50",
        "1020 fullscreen.dismissed format=rewarded placement=bonus_coins id=r", "1020 pause.released reason=ad",
        "1020 game.resumed reason=ad",
      ])
    #expect(story == ["fullscreen.shown", "impression", "handler", "rewarded.earned", "fullscreen.dismissed"])
    let reward = try #require(rewards.first)
    #expect(rewards.count == 1)
    #expect((reward.placement, reward.type, reward.amount, reward.adID) == ("bonus_coins", "coins", 50, "r"))
    #expect(RandomUUID.isWellFormed(reward.transactionID))
    #expect(try h.overlay.fullscreen.rewardStore.pending().isEmpty, "acknowledged when the handler returned")
  }

  @Test func anEarlyCloseAsksOnceAndASecondCloseForfeitsTheReward() throws {
    let h = try fullscreenHarness()
    var rewards = 0
    h.overlay.fullscreen.onReward = { _ in rewards += 1 }
    h.run(until: 1)
    h.overlay.fullscreen.showRewarded(placement: "bonus_coins")
    h.run(until: 5)
    h.escape()
    h.frame()
    #expect(h.canvas.texts.contains("Close again to give up 50 coins"))
    #expect(h.overlay.fullscreen.isShowing, "the first close only asks")
    h.run(until: 6)
    h.send(.keyDown(.escape))
    h.run(until: 30)
    #expect(rewards == 0)
    #expect(
      h.fullscreenStory == [
        "59 pause.held reason=ad", "59 game.paused reason=ad",
        "60 fullscreen.shown format=rewarded placement=bonus_coins id=r",
        "121 impression format=rewarded placement=bonus_coins id=r",
        "300 rewarded.closeAsked format=rewarded placement=bonus_coins id=r",
        "360 rewarded.forfeited format=rewarded placement=bonus_coins id=r",
        "360 fullscreen.dismissed format=rewarded placement=bonus_coins id=r", "360 pause.released reason=ad",
        "360 game.resumed reason=ad",
      ])
    #expect(try h.overlay.fullscreen.rewardStore.pending().isEmpty)
  }

  @Test func everyRefusalReasonIsTracedAtOnceAndNothingShows() throws {
    let h = try fullscreenHarness { configuration in
      configuration.pacing.sessionStartDelay = 30
      configuration.pacing.rewardedCapsPerHour = ["daily": 1]
    }
    var refusals: [FullscreenRefusal] = []
    h.overlay.fullscreen.onEvent = { event in if let refusal = event.refusal { refusals.append(refusal) } }
    let ads = h.overlay.fullscreen
    #expect(ads.showRewarded(placement: "early") == .notReady, "nothing loaded before the first update")
    h.run(until: 1)
    #expect(ads.showInterstitial(placement: "launch") == .sessionStart)
    h.overlay.setWindowMinimized(true)
    #expect(ads.showRewarded(placement: "bonus") == .windowHidden)
    h.overlay.setWindowMinimized(false)
    #expect(ads.showRewarded(placement: "daily") == nil)
    #expect(ads.showRewarded(placement: "other") == .alreadyShowing)
    h.run(until: 18)
    h.escape()
    h.run(until: 40)
    #expect(ads.showRewarded(placement: "daily") == .cap)
    #expect(ads.showInterstitial(placement: "first") == nil)
    h.run(until: 46)
    h.escape()
    h.run(until: 50)
    #expect(ads.showInterstitial(placement: "again") == .pacing)
    // The banner's own ad view is open: no full-screen ad over it.
    h.clickBanner()
    #expect(h.overlay.isAdViewOpen)
    #expect(ads.showRewarded(placement: "over") == .alreadyShowing)
    h.escape()
    #expect(refusals == [.notReady, .sessionStart, .windowHidden, .alreadyShowing, .cap, .pacing, .alreadyShowing])
    #expect(h.lines(containing: "fullscreen.refused").count == 7)
    #expect(
      h.lines(containing: "fullscreen.refused")[4]
        == #"{"frame":2399,"time":39.983333,"event":"fullscreen.refused","format":"rewarded","placement":"daily","id":"r","reason":"cap"}"#
    )
    #expect(h.lines(containing: "fullscreen.shown").count == 2)
  }

  @Test func anExpiredAdIsRefusedDiscardedAndLoadedAgainNeverShown() throws {
    let h = try fullscreenHarness { $0.fullscreenExpiry = 10 }
    h.run(until: 11)
    #expect(!h.overlay.fullscreen.isReady(.interstitial), "loaded at 1/60 s, expired at 10 s")
    #expect(h.overlay.fullscreen.showInterstitial(placement: "level_end") == .expired)
    #expect(!h.overlay.fullscreen.isShowing)
    h.frame()
    #expect(h.overlay.fullscreen.isReady(.interstitial), "loaded again at the next update")
    #expect(h.overlay.fullscreen.showInterstitial(placement: "level_end") == nil)
    #expect(h.lines(containing: #""event":"ad.loaded","id":"i""#).count == 2)
  }

  @Test func pacingOverAScriptedHourOfHostTime() throws {
    let h = try OverlayHarness(folder: AdFolder.withFullscreen(closeAfter: 0), latency: 0)
    var shown: [Int] = []
    // Every 10 s of an hour, the game asks for an interstitial and closes it a frame later.
    for second in stride(from: 0, to: 3600, by: 10) {
      h.run(until: Double(second) + 0.5)
      if h.overlay.fullscreen.showInterstitial(placement: "level_end") == nil {
        shown.append(second)
        h.frames(2)
        h.escape()
      }
    }
    // 30 s from launch, then every 60 s, until 6 in an hour.
    #expect(shown == [30, 90, 150, 210, 270, 330])
    let reasons = h.lines(containing: "fullscreen.refused").compactMap { line in
      line.range(of: #""reason":""#).map { String(line[$0.upperBound...].prefix { $0 != "\"" }) }
    }
    #expect(reasons.prefix(3) == ["sessionStart", "sessionStart", "sessionStart"])
    #expect(Set(reasons) == ["sessionStart", "pacing", "cap"])
    #expect(reasons.count == 360 - 6)
    #expect(reasons.suffix(300).allSatisfy { $0 == "cap" || $0 == "pacing" })
  }

  @Test func aPlayerPauseBeforeTheShowOutlivesTheDismissal() throws {
    let h = try fullscreenHarness(closeAfter: 1)
    h.run(until: 1)
    h.director.hold(.user)
    h.overlay.fullscreen.showInterstitial(placement: "level_end")
    h.run(until: 3)
    h.escape()
    h.frames(10)
    #expect(!h.director.isRunning, "the player's pause stays")
    #expect(h.director.holds.sorted == [.user])
    #expect(!h.lines(containing: "game.resumed").contains { _ in true })
  }

  @Test func minimisingDuringTheShowHoldsAndStopsTheCountdownAndRestoringKeepsTheAdsHold() throws {
    let h = try fullscreenHarness(rewardAfter: 5)
    var rewards = 0
    h.overlay.fullscreen.onReward = { _ in rewards += 1 }
    h.run(until: 1)
    h.overlay.fullscreen.showRewarded(placement: "bonus_coins")
    h.run(until: 3)
    h.overlay.noteWindowMinimized(true)
    h.run(until: 20)
    #expect(rewards == 0, "time minimised does not count towards the reward")
    h.overlay.noteWindowMinimized(false)
    h.run(until: 21)
    #expect(!h.director.isRunning, "restoring does not resume a game the ad holds")
    #expect(h.director.holds.sorted == [.ad])
    h.run(until: 25)
    #expect(rewards == 0, "recorded, handed over as the view closes")
    #expect(try h.overlay.fullscreen.rewardStore.pending().count == 1)
    h.escape()
    #expect(rewards == 1)
    #expect(h.director.isRunning)
    #expect(
      h.fullscreenStory == [
        "59 pause.held reason=ad", "59 game.paused reason=ad",
        "60 fullscreen.shown format=rewarded placement=bonus_coins id=r",
        "121 impression format=rewarded placement=bonus_coins id=r", "180 pause.held reason=window",
        "1200 pause.released reason=window", "1382 rewarded.completed format=rewarded placement=bonus_coins id=r",
        "1500 rewarded.earned format=rewarded placement=bonus_coins id=r type=coins amount=50",
        "1500 fullscreen.dismissed format=rewarded placement=bonus_coins id=r", "1500 pause.released reason=ad",
        "1500 game.resumed reason=ad",
      ])
  }

  @Test func theBannerCannotBeClickedCoveredOrRotatedDuringTheShow() throws {
    let h = try OverlayHarness(folder: AdFolder.withFullscreen(), latency: 0, refresh: 2) {
      $0.pacing.sessionStartDelay = 0
    }
    h.run(until: 1)
    h.overlay.fullscreen.showRewarded(placement: "bonus_coins")
    h.run(until: 2)
    let loadsBefore = h.lines(containing: #""event":"ad.loaded""#).filter { !$0.contains("format") }.count
    h.clickBanner()
    h.run(until: 12)
    #expect(!h.events.contains("banner.clicked"))
    #expect(!h.overlay.isAdViewOpen)
    #expect(h.lines(containing: #""event":"viewable.stop","id":"a","reason":"covered""#).count == 1)
    #expect(
      h.lines(containing: #""event":"ad.loaded""#).filter { !$0.contains("format") }.count == loadsBefore,
      "no rotation under a full-screen ad")
    #expect(!h.scene.inputs.contains(.pointerDown(h.bannerCentre)), "nor does the game get the click")
  }

  @Test func aCreativeThatCannotBeUploadedFailsTheShowAndReleasesTheHold() throws {
    let h = try fullscreenHarness()
    var events: [FullscreenEvent.Kind] = []
    h.overlay.fullscreen.onEvent = { events.append($0.kind) }
    h.run(until: 0.01)
    // The interstitial loads in this update; the show comes before any draw uploaded it, and the
    // renderer then refuses it.
    h.overlay.update(hostTime: h.clock.now)
    #expect(h.overlay.fullscreen.showInterstitial(placement: "level_end") == nil)
    h.canvas.refusesUploads = true
    h.frame()
    #expect(events == [.failed])
    #expect(h.director.isRunning)
    #expect(h.lines(containing: "fullscreen.failed").first?.contains("could not be uploaded") == true)
  }

  @Test func aRewardEarnedWithoutAHandlerWaitsAndComesOnceAHandlerIsSet() throws {
    let h = try fullscreenHarness(rewardAfter: 2)
    h.run(until: 1)
    h.overlay.fullscreen.showRewarded(placement: "bonus_coins")
    h.run(until: 4)
    h.escape()
    let pending = try h.overlay.fullscreen.rewardStore.pending()
    #expect(pending.count == 1)
    var rewards: [EarnedReward] = []
    h.overlay.fullscreen.acknowledgesRewardsAutomatically = false
    h.overlay.fullscreen.onReward = { rewards.append($0) }
    h.frames(3)
    #expect(rewards == pending)
    #expect(h.lines(containing: #""pending":true"#).count == 1)
    #expect(h.overlay.fullscreen.acknowledgeReward(transactionID: pending[0].transactionID))
    #expect(!h.overlay.fullscreen.acknowledgeReward(transactionID: pending[0].transactionID))
    #expect(!h.overlay.fullscreen.acknowledgeReward(transactionID: "unknown"))
  }
}
