import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionTestSupport
import Testing

/// A harness with the video manifest, loads at once, no session-start delay, and recorded beacons.
func videoHarness(_ folder: AdFolder? = nil) throws -> (OverlayHarness, RecordingBeacons) {
  let h = try OverlayHarness(folder: folder ?? AdFolder.withVideos(), latency: 0) { configuration in
    configuration.pacing.sessionStartDelay = 0
  }
  let beacons = RecordingBeacons()
  h.overlay.beacons = beacons
  return (h, beacons)
}

extension OverlayHarness {
  /// The video's story: "frame event detail" for the full-screen, video and VAST lines.
  var videoStory: [String] {
    output.lines.compactMap { line in
      guard let event = field("event", line),
        ["fullscreen.", "rewarded.", "video.", "vast."].contains(where: event.hasPrefix)
          || (event == "impression" && line.contains("\"format\""))
      else { return nil }
      let frame = line.split(separator: ",")[0].dropFirst("{\"frame\":".count)
      let details = ["quartile", "reason", "code"].compactMap { field($0, line) }
      return (["\(frame) \(event)"] + details).joined(separator: " ")
    }
  }

  func field(_ key: String, _ line: String) -> String? {
    guard let range = line.range(of: "\"\(key)\":") else { return nil }
    let rest = line[range.upperBound...]
    if rest.hasPrefix("\"") { return String(rest.dropFirst().prefix { $0 != "\"" }) }
    return String(rest.prefix { $0 != "," && $0 != "}" })
  }
}

@Suite("Video ads")
struct VideoAdTests {
  @Test func aRewardedVideoPlaysOnTheFixedStepAndRewardsOnlyAtItsCompletion() throws {
    let (h, beacons) = try videoHarness()
    var rewards: [EarnedReward] = []
    h.overlay.fullscreen.onReward = { rewards.append($0) }
    h.run(until: 1)
    #expect(h.overlay.fullscreen.isReady(.rewarded), "the VAST file resolved and its first frame decoded")
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.frame()  // frame 60: the first frame presented, the playhead starts at host time 1.0
    #expect(h.canvas.texts.contains("Reward in 4 s"))
    h.run(until: 3.9)
    #expect((try h.overlay.fullscreen.rewardStore.pending()).isEmpty, "nothing recorded before the video completes")
    h.run(until: 6)
    #expect(h.canvas.texts.contains("Reward earned: 50 coins"), "the end card")
    h.escape()
    // 4 s at 60 fps from frame 60: the quartiles at frames 120, 180 and 240, the end of the last
    // frame (3.967 s + 1/30 s) at frame 300; the reward handed over at the close.
    #expect(
      h.videoStory == [
        "60 fullscreen.shown", "60 impression", "60 video.started", "120 video.quartile 1", "180 video.quartile 2",
        "240 video.quartile 3", "300 rewarded.completed", "300 video.completed", "360 rewarded.earned",
        "360 fullscreen.dismissed",
      ])
    #expect(rewards.count == 1 && rewards.first?.amount == 50)
    // Every tracker once, in playhead order: progress 3.5 s after the third quartile; viewable after
    // 2 s of play, at frame 180 with the midpoint.
    #expect(
      beacons.vastEvents == [
        "impression", "creativeView", "start", "firstQuartile", "midpoint", "viewable", "thirdQuartile", "progress",
        "complete", "closeLinear",
      ])
    let midpoint = try #require(beacons.vastURLs.first { $0.contains("e=midpoint") })
    #expect(midpoint.contains("p=00%3A00%3A02.000"), "ADPLAYHEAD at the midpoint: \(midpoint)")
    #expect(midpoint.contains("&x=-1"), "an unknown macro is -1")
    let busting = midpoint.split(separator: "&").first { $0.hasPrefix("cb=") }.map { $0.dropFirst(3) } ?? ""
    #expect(busting.count == 8 && busting.allSatisfy(\.isNumber), "CACHEBUSTING is 8 digits: \(busting)")
    // Every one of the clip's 120 frames reached the canvas once, in order: 30 at each step of luma
    // (16, 76, 136, 196, give or take the encoder's rounding).
    let lumas = h.canvas.videoFrameLumas.values.first ?? []
    let steps = lumas.map { (Int($0) - 16 + 30) / 60 }
    #expect(steps == (0..<4).flatMap { Array(repeating: $0, count: 30) }, "\(lumas)")
  }

  /// Every picture reaches the canvas at the pixels it is drawn at, the first one too: the worker
  /// scales them all, and the loop never draws a scaled video frame (a GPU's scaled YUV drawing,
  /// compiled and run for the first frames alone, stalled them).
  @Test func everyPictureIsDecodedAtTheSizeItIsDrawnFromTheFirst() throws {
    let (h, _) = try videoHarness()
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 2)
    // steps.mp4 is 320 x 180; the 800 x 600 view draws it at 800 x 450.
    let drawn = AdView.videoFrame(in: h.canvas.size, videoSize: Size(width: 320, height: 180))
    let expected = "\(Int(drawn.width.rounded()))x\(Int(drawn.height.rounded()))"
    #expect(expected == "800x450")
    let sizes = h.canvas.videoFrameSizes.values.first ?? []
    #expect(sizes.count >= 29, "\(sizes.count) frames")
    #expect(sizes.allSatisfy { $0 == expected }, "\(expected): \(sizes)")
  }

  /// An overlay whose workers stop (a program that quits during a video) stops the video's decoding
  /// and waits for its thread: nothing of FFmpeg runs while the process ends.
  @Test func stoppingTheWorkersDuringAVideoEndsItsDecodingThread() throws {
    let (h, _) = try videoHarness()
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 2)
    #expect(h.overlay.isDecodingVideo, "the 4 s video's decoder is alive while it plays")
    h.overlay.stopWorkers()
    #expect(!h.overlay.isDecodingVideo)
  }

  /// While a video plays, no next ad is prepared (that would hold a second decoder and picture
  /// beside the playing one): the next rewarded video loads at the end of this one, during its end
  /// card, and is ready before the player closes it.
  @Test func theNextAdLoadsOnlyAfterThePlayingVideoEnds() throws {
    let (h, _) = try videoHarness()
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 4.9)
    #expect(!h.overlay.fullscreen.isReady(.rewarded), "nothing prepared while the video plays")
    h.run(until: 5.5)
    #expect(h.overlay.fullscreen.isReady(.rewarded), "the next one is ready during the end card")
    let loads = h.output.lines.filter { h.field("event", $0) == "ad.loaded" && $0.contains("\"rewarded\"") }
    let frames = loads.compactMap { Int($0.split(separator: ",")[0].dropFirst("{\"frame\":".count)) }
    #expect(frames == [1, 301], "the second load in the frame after the completion at frame 300: \(frames)")
  }

  @Test func theSameStepsGiveTheSameTraceInEveryRun() throws {
    func run() throws -> [String] {
      let (h, _) = try videoHarness()
      h.run(until: 1)
      h.overlay.fullscreen.showRewarded(placement: "bonus")
      h.run(until: 6)
      h.escape()
      return h.output.lines
    }
    #expect(try run() == run())
  }

  @Test func anEarlyCloseOfARewardedVideoAsksOnceThenSkipsAndForfeits() throws {
    let (h, beacons) = try videoHarness()
    h.run(until: 1)
    h.overlay.fullscreen.showRewarded(placement: "bonus")
    h.run(until: 2.5)
    h.escape()
    #expect(h.canvas.texts.last { $0.hasPrefix("Reward in") } == "Reward in 3 s", "2.5 s of the 4 s left")
    #expect(!h.canvas.texts.contains("Close again to give up 50 coins"), "not asked before the next frame")
    h.frame()
    #expect(h.canvas.texts.contains("Close again to give up 50 coins"))
    h.escape()
    #expect(
      h.videoStory == [
        "60 fullscreen.shown", "60 impression", "60 video.started", "120 video.quartile 1", "150 rewarded.closeAsked",
        "151 video.skipped", "151 rewarded.forfeited", "151 fullscreen.dismissed",
      ])
    #expect(beacons.vastEvents.suffix(3) == ["skip", "closeLinear", "notViewable"])
    #expect((try h.overlay.fullscreen.rewardStore.pending()).isEmpty)
  }

  @Test func anInterstitialVideoMayBeClosedFromItsSkipOffsetOn() throws {
    let (h, beacons) = try videoHarness()
    h.run(until: 1)
    h.overlay.fullscreen.showInterstitial(placement: "level_end")
    h.run(until: 1.5)
    h.escape()
    #expect(h.overlay.fullscreen.isShowing, "refused before the skip offset (1 s)")
    h.run(until: 2.2)
    h.escape()
    #expect(!h.overlay.fullscreen.isShowing)
    #expect(
      h.videoStory == [
        "60 fullscreen.shown", "60 impression", "60 video.started", "90 fullscreen.closeRefused",
        "120 video.quartile 1",
        "132 video.skipped", "132 fullscreen.dismissed",
      ])
    #expect(
      beacons.vastEvents == [
        "impression", "creativeView", "start", "firstQuartile", "skip", "closeLinear", "notViewable",
      ])
  }

  @Test func aHiddenWindowPausesTheVideoAndShowingItAgainResumesWhereItStopped() throws {
    let (h, beacons) = try videoHarness()
    h.run(until: 1)
    h.overlay.fullscreen.showRewarded(placement: "bonus")
    h.run(until: 1.5)
    h.overlay.setWindowMinimized(true)
    h.run(until: 11.5)
    h.overlay.setWindowMinimized(false)
    h.run(until: 16)
    // Half a second played before the window was hidden, ten seconds hidden: the first quartile
    // comes half a second after it is shown again, the end 3.5 s after.
    #expect(
      h.videoStory == [
        "60 fullscreen.shown", "60 impression", "60 video.started", "90 video.paused window",
        "690 video.resumed window",
        "720 video.quartile 1", "780 video.quartile 2", "840 video.quartile 3", "900 rewarded.completed",
        "900 video.completed",
      ])
    #expect(beacons.vastEvents.filter { $0 == "pause" || $0 == "resume" } == ["pause", "resume"])
  }

  @Test func aClickOpensTheClickThroughPausesAndAnyKeyPlaysOn() throws {
    let (h, beacons) = try videoHarness()
    h.run(until: 1)
    h.overlay.fullscreen.showRewarded(placement: "bonus")
    h.run(until: 1.5)
    h.click(Point(x: 400, y: 300))
    #expect(h.opener.opened == ["https://advertiser.example.com/rv"])
    h.run(until: 5)
    #expect(h.canvas.texts.contains(AdView.resumeHint))
    h.send(.keyDown(.space))
    h.run(until: 9)
    #expect(
      h.videoStory == [
        "60 fullscreen.shown", "60 impression", "60 video.started", "90 fullscreen.clicked", "90 video.paused click",
        "300 video.resumed click", "330 video.quartile 1", "390 video.quartile 2", "450 video.quartile 3",
        "510 rewarded.completed", "510 video.completed",
      ])
    #expect(beacons.vastEvents.contains("click") && beacons.vastEvents.filter { $0 == "pause" }.count == 1)
  }

  @Test func theMKeyAndTheMuteButtonToggleTheSoundAndEachTrackerFiresOnce() throws {
    let (h, beacons) = try videoHarness()
    h.run(until: 1)
    h.overlay.fullscreen.showRewarded(placement: "bonus")
    h.run(until: 1.5)
    #expect(h.canvas.texts.contains("Mute"), "the clip has sound: a Mute button")
    h.send(.keyDown(.character("m")))
    h.frame()
    #expect(h.canvas.texts.contains("Unmute"))
    let mute = AdView.muteButtonFrame(in: h.canvas.size)
    h.click(Point(x: mute.midX, y: mute.midY))
    h.send(.keyDown(.character("m")))
    h.send(.keyDown(.character("m")))
    let toggles = h.videoStory.filter { $0.contains("muted") }.map { $0.split(separator: " ")[1] }
    #expect(toggles == ["video.muted", "video.unmuted", "video.muted", "video.unmuted"])
    #expect(beacons.vastEvents.filter { $0 == "mute" || $0 == "unmute" } == ["mute", "unmute"])
    #expect(h.opener.opened.isEmpty, "the Mute button is no click-through")
  }

  @Test(arguments: [("empty.mp4", "405"), ("long.mp4", "202"), ("too-wide.mp4", "403"), ("missing.mp4", "401")])
  func aBrokenMediaFileIsNoAdWithItsVASTCode(media: String, code: String) throws {
    let (h, beacons) = try videoHarness(AdFolder.withVideos(media: media))
    h.run(until: 1)
    #expect(!h.overlay.fullscreen.isReady(.rewarded))
    let errors = h.output.lines.filter { $0.contains("\"event\":\"vast.error\"") }
    #expect(errors.first?.contains("\"code\":\(code)") == true, "\(errors)")
    #expect(beacons.vastURLs.contains("https://t.example.com/v?e=error&code=\(code)"), "\(beacons.vastURLs)")
  }

  /// A file cut in half probes well and plays what it has: then it is 405, the show ends by
  /// itself (never on a black screen), and nothing is earned.
  @Test func aTruncatedFilePlaysWhatItHasThenIs405AndEarnsNothing() throws {
    let (h, beacons) = try videoHarness(AdFolder.withVideos(media: "truncated.mp4"))
    h.run(until: 1)
    #expect(h.overlay.fullscreen.isReady(.rewarded), "its header is whole: it probes and its first frame decodes")
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 6)
    #expect(!h.overlay.fullscreen.isShowing)
    #expect((try h.overlay.fullscreen.rewardStore.pending()).isEmpty)
    // Its decodable half ends at 0.9 s (frame 60 + 56), before the first quartile.
    #expect(
      h.videoStory == [
        "60 fullscreen.shown", "60 impression", "60 video.started",
        "116 vast.error the video ended at 0.9 s of its 4.0 s 405", "116 fullscreen.dismissed",
      ])
    #expect(beacons.vastURLs.contains("https://t.example.com/v?e=error&code=405"), "\(beacons.vastURLs)")
    #expect(!beacons.vastEvents.contains("complete"))
  }

  /// A whole file of 2 s behind a VAST `Duration` of 4 s ends at 2 s: its first quartile and
  /// midpoint passed in play, then 405, no completion, no reward (90 % of the promise minus half a
  /// second is no completion either: only its end, within a frame).
  @Test func aFileShorterThanItsDurationIs405AtItsEndAndEarnsNothing() throws {
    let (h, beacons) = try videoHarness(AdFolder.withVideos(media: "h264-aac.mp4"))
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 6)
    #expect(
      h.videoStory == [
        "60 fullscreen.shown", "60 impression", "60 video.started", "120 video.quartile 1", "180 video.quartile 2",
        "180 vast.error the video ended at 2.0 s of its 4.0 s 405", "180 fullscreen.dismissed",
      ])
    #expect((try h.overlay.fullscreen.rewardStore.pending()).isEmpty)
    #expect(!beacons.vastEvents.contains("complete") && !beacons.vastEvents.contains("thirdQuartile"))
  }

  /// A file that plays on past its promise (4 s of picture behind a `Duration` of 2 s) is cut at
  /// the `Duration` plus one second: quartiles of the 2 s, one at a time, and the completion at 3 s.
  @Test func aFileLongerThanItsDurationIsCutOneSecondAfterIt() throws {
    let (h, beacons) = try videoHarness(AdFolder.withVideos(duration: "00:00:02"))
    var rewards: [EarnedReward] = []
    h.overlay.fullscreen.onReward = { rewards.append($0) }
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 5)
    h.escape()
    #expect(
      h.videoStory == [
        "60 fullscreen.shown", "60 impression", "60 video.started", "90 video.quartile 1", "120 video.quartile 2",
        "150 video.quartile 3", "240 rewarded.completed", "240 video.completed", "300 rewarded.earned",
        "300 fullscreen.dismissed",
      ])
    #expect(rewards.count == 1)
    // The picture stopped at the cut: frames up to 3 s (luma steps 0, 1 and 2), none of the last second.
    let lumas = h.canvas.videoFrameLumas.values.first ?? []
    #expect(lumas.count == 90 && lumas.allSatisfy { $0 < 170 }, "\(lumas)")
    #expect(beacons.vastEvents.filter { $0 == "complete" }.count == 1)
  }

  /// The media file of a ready ad that no longer opens when the show starts: the show fails before
  /// its first picture (`fullscreen.failed`), with no impression counted or told to anyone. (Its
  /// preroll is off: a prerolled ad opened its file when it became ready.)
  @Test func aMediaFileThatNoLongerOpensFailsTheShowBeforeAnyImpression() throws {
    let folder = try AdFolder.withVideos()
    let (h, beacons) = try videoHarness(folder)
    h.overlay.fullscreen.prerollsVideos = false
    h.run(until: 1)
    #expect(h.overlay.fullscreen.isReady(.rewarded))
    try Data("not a video any more".utf8).write(to: folder.url.appendingPathComponent("steps.mp4"))
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.frame()
    #expect(!h.overlay.fullscreen.isShowing)
    let story = h.videoStory
    #expect(
      story.count == 1 && story.first?.hasPrefix("60 fullscreen.failed the video could not be played: ") == true,
      "\(story)")
    #expect(!h.output.lines.contains { h.field("event", $0) == "impression" }, "nothing counted")
    #expect(beacons.vastEvents.isEmpty, "no tracker heard of it: \(beacons.vastEvents)")
  }

  @Test func aVPAIDOnlyAdIsRefusedWith403AndNeverShown() throws {
    let (h, beacons) = try videoHarness(AdFolder.withVideos(extraMediaAttributes: " apiFramework=\"VPAID\""))
    h.run(until: 1)
    #expect(!h.overlay.fullscreen.isReady(.rewarded) && !h.overlay.fullscreen.isReady(.interstitial))
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == .notReady)
    #expect(beacons.vastURLs.contains("https://t.example.com/v?e=error&code=403"))
  }

  @Test func aMediaPathOutsideTheManifestsFolderIsRefused() throws {
    let (h, _) = try videoHarness(AdFolder.withVideos(media: "../../etc/passwd"))
    h.run(until: 1)
    let errors = h.output.lines.filter { $0.contains("\"event\":\"vast.error\"") }
    #expect(errors.first?.contains("\"code\":401") == true && errors.first?.contains("outside") == true, "\(errors)")
  }
}
