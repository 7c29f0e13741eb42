import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionTestSupport
import Testing

/// A video whose first picture never comes, on a real-time loop: the show does not wait forever.
@Suite("Video openings")
struct VideoOpeningTests {
  /// The ready ad's file becomes a FIFO that nobody writes, so the show's decoder blocks in its
  /// open and never yields a picture. A real-time loop (here driven by the fixed step's clock)
  /// draws the poster for 5 s of host time, then fails the show: `fullscreen.failed`, nothing
  /// counted, told or billed, no reward and no forfeit, and the game released.
  ///
  /// Both ways: the show's own opening (preroll off), and the preroll's, which the FIFO blocks in
  /// the update after it replaced the file, before the show.
  @Test(arguments: [false, true])
  func aVideoWhoseFirstPictureNeverComesFailsTheShowAfterFiveSeconds(prerolled: Bool) throws {
    // The rewarded ad's file apart from the interstitial's: only the rewarded one becomes a FIFO.
    let folder = try AdFolder.withVideos(rewardedMedia: "h264-aac.mp4")
    let (h, beacons) = try videoHarness(folder)
    var rewards: [EarnedReward] = []
    h.overlay.fullscreen.onReward = { rewards.append($0) }
    h.overlay.fullscreen.prerollsVideos = false
    h.run(until: 1 - 1.0 / 60)
    #expect(h.overlay.fullscreen.isReady(.rewarded))
    let media = folder.url.appendingPathComponent("h264-aac.mp4").path
    try FileManager.default.removeItem(atPath: media)
    try #require(mkfifo(media, 0o600) == 0)
    // Whatever happens below, the decoder is let go at the end: a writer that opens and closes at
    // once is an empty file to it.
    defer { VideoOpeningTests.release(fifo: media) }
    h.overlay.fullscreen.videosFollowHostClock = false
    h.overlay.fullscreen.prerollsVideos = prerolled
    h.frame()  // frame 59: a prerolling overlay opens the FIFO
    #expect(h.overlay.fullscreen.prerolledVideoCount == (prerolled ? 2 : 0))
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    // The show took the rewarded ad's preroll (blocked in the FIFO); the interstitial's rests.
    #expect(h.overlay.fullscreen.prerolledVideoCount == (prerolled ? 1 : 0))
    h.run(until: 6)  // frames 60 to 359: pending since frame 60 (host time 1.0)
    #expect(h.overlay.fullscreen.isShowing, "still waiting at 4.98 s")
    #expect(!h.director.isRunning, "the game is held while it waits")
    #expect(h.videoStory.isEmpty, "\(h.videoStory)")
    h.frame()  // frame 360: 5 s of host time without a picture
    #expect(!h.overlay.fullscreen.isShowing)
    #expect(h.director.isRunning, "the game is released")
    #expect(h.videoStory == ["360 fullscreen.failed the video could not be played: no picture in 5 s"])
    #expect(!h.output.lines.contains { h.field("event", $0) == "impression" }, "nothing counted")
    #expect(beacons.vastEvents.isEmpty, "nothing billed, no tracker told: \(beacons.vastEvents)")
    #expect(try rewards.isEmpty && h.overlay.fullscreen.rewardStore.pending().isEmpty)
  }

  /// Opens `fifo` for writing once a reader waits on it (at most 10 s), and closes it at once.
  static func release(fifo path: String) {
    for _ in 0..<1000 {
      let writer = open(path, O_WRONLY | O_NONBLOCK)
      if writer >= 0 {
        close(writer)
        return
      }
      usleep(10_000)
    }
  }
}
