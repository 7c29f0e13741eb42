import Foundation
import IntermissionCore
import IntermissionTestSupport
import IntermissionVideo
import Testing

@testable import IntermissionAds
@testable import IntermissionOverlay

/// A ready video ad is prerolled: its file opened and its first picture decoded on a worker before
/// any show, so that the show presents that picture in its first frame. The preroll ends with the
/// ad: handed to its show, stopped when the ad expires or the overlay's workers stop.
@Suite("Video ad prerolls")
struct VideoPrerollTests {
  /// On a real-time loop (its rules run here on the fixed step's clock), the show's first frame
  /// presents the video at once: without the preroll, that frame finds a decoder just started and
  /// draws the poster while it waits.
  @Test func aPrerolledVideoIsPresentedInTheShowsFirstFrame() throws {
    let (h, _) = try videoHarness()
    h.overlay.fullscreen.videosFollowHostClock = false
    h.run(until: 1)
    #expect(h.overlay.fullscreen.prerolledVideoCount == 2, "the ready interstitial and rewarded ads hold theirs")
    #expect(h.overlay.fullscreen.waitForPrerolls(timeout: 10), "its first picture decoded")
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.frame()
    #expect(h.videoStory == ["60 fullscreen.shown", "60 impression", "60 video.started"], "\(h.videoStory)")
    #expect(h.overlay.fullscreen.prerolledVideoCount == 1, "the rewarded ad's handed to the show")
    #expect(h.overlay.isDecodingVideo)
  }

  /// Ready ads that expire let their decoders go (the ad itself waits for the next show's refusal).
  @Test func anExpiredAdsPrerollIsStopped() throws {
    let h = try OverlayHarness(folder: try AdFolder.withVideos(), latency: 0) { configuration in
      configuration.pacing.sessionStartDelay = 0
      configuration.fullscreenExpiry = 2
    }
    h.run(until: 1)
    #expect(h.overlay.fullscreen.prerolledVideoCount == 2)
    h.run(until: 3.1)
    #expect(h.overlay.fullscreen.prerolledVideoCount == 0, "expired at 2 s after its load")
  }

  /// An overlay whose workers stop (a program that quits) ends the ready ads' decoding threads too.
  @Test func stoppingTheWorkersEndsThePrerolledDecoding() throws {
    let (h, _) = try videoHarness()
    h.run(until: 1)
    #expect(h.overlay.fullscreen.waitForPrerolls(timeout: 10))
    #expect(h.overlay.fullscreen.isPrerollingVideo, "the ready ad's decoder rests, alive")
    h.overlay.stopWorkers()
    #expect(!h.overlay.fullscreen.isPrerollingVideo)
  }

  /// A show plays the preroll it is handed only when it can: one made for other sound, one stopped
  /// and one that failed are let go, and the file is opened again, as without a preroll.
  @Test func aShowOpensTheFileAgainRatherThanPlayAStoppedFailedOrOtherSoundPreroll() throws {
    let (h, _) = try videoHarness()
    h.run(until: 1)
    let video = try #require(h.overlay.fullscreen.rewardedAds.loaded?.creative.video)
    let fitting = VideoShow.preroll(video, sound: nil, view: nil)
    #expect(VideoShow.decoding(video, audioChannels: 0, outputSize: nil, prerolled: fitting) === fitting)
    let otherSound = VideoShow.preroll(video, sound: nil, view: nil)
    let reopened = VideoShow.decoding(video, audioChannels: 2, outputSize: nil, prerolled: otherSound)
    #expect(reopened !== otherSound && otherSound.isStopped && reopened.audioChannels == 2)
    let stopped = VideoShow.preroll(video, sound: nil, view: nil)
    stopped.stop()
    #expect(VideoShow.decoding(video, audioChannels: 0, outputSize: nil, prerolled: stopped) !== stopped)
    var missing = video
    missing.mediaPath = h.folder.url.appendingPathComponent("gone.mp4").path
    let failed = VideoShow.preroll(missing, sound: nil, view: nil)
    #expect(!failed.waitForFirstFrame(timeout: 10) && failed.failure != nil)
    #expect(VideoShow.decoding(video, audioChannels: 0, outputSize: nil, prerolled: failed) !== failed)
    for queue in [fitting, reopened, otherSound, stopped, failed] { queue.stop() }
  }
}
