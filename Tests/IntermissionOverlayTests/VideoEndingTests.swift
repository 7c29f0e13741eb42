import IntermissionAds
import IntermissionCore
import IntermissionTestSupport
import Testing

/// How a video's end is judged against what its VAST `Duration` promised.
@Suite("Video endings")
struct VideoEndingTests {
  /// A file whose container and VAST both say 4 s but whose picture stops at 3.5 s: past 90 % of
  /// the promise minus half a second (3.1 s), which once counted as complete; now it is 405 at the
  /// end of its last frame (3.467 s + 1/30 s, frame 60 + 210), after all three quartiles passed in
  /// play, with no `complete` tracker, no completion and no reward.
  @Test func aPictureThatStopsHalfASecondShortIs405AtItsEndAndEarnsNothing() throws {
    let (h, beacons) = try videoHarness(AdFolder.withVideos(media: "short-picture.mp4"))
    var rewards: [EarnedReward] = []
    h.overlay.fullscreen.onReward = { rewards.append($0) }
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 6)
    #expect(!h.overlay.fullscreen.isShowing)
    #expect(
      h.videoStory == [
        "60 fullscreen.shown", "60 impression", "60 video.started", "120 video.quartile 1", "180 video.quartile 2",
        "240 video.quartile 3", "270 vast.error the video ended at 3.5 s of its 4.0 s 405", "270 fullscreen.dismissed",
      ])
    #expect(try rewards.isEmpty && h.overlay.fullscreen.rewardStore.pending().isEmpty)
    #expect(beacons.vastURLs.contains("https://t.example.com/v?e=error&code=405"), "\(beacons.vastURLs)")
    #expect(!beacons.vastEvents.contains("complete"))
    // Every one of its 105 frames reached the canvas, none past 3.5 s.
    #expect(h.canvas.videoFrameLumas.values.first?.count == 105)
  }
}
