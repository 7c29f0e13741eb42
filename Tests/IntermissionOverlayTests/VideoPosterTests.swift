import IntermissionCore
import IntermissionTestSupport
import IntermissionVideo
import Testing

@testable import IntermissionAds
@testable import IntermissionOverlay

/// A video ad's poster (its first picture, decoded as it loads) is made at the size the view draws
/// the video at, the size of the frames its show plays.
@Suite("Video posters")
struct VideoPosterTests {
  /// The 320 x 180 clip in the harness's 800 x 600 view is drawn at 800 x 450: its poster is scaled
  /// to that on the loader's worker, so the texture made for it is the one the show's frames
  /// update (a poster of its own size would be replaced by a texture of another size in the show's
  /// first frame, which is what stalled that frame in a real window).
  @Test func aPosterIsScaledToTheSizeItsFramesAreDrawnAt() throws {
    let (h, _) = try videoHarness()
    h.run(until: 1)
    let poster = try #require(h.overlay.fullscreen.rewardedAds.image.uploaded, "uploaded at its first draw")
    #expect(poster.pixelSize == Size(width: 800, height: 450))
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.frames(3)
    let uploaded = try #require(h.overlay.fullscreen.show?.image.uploaded)
    #expect(uploaded.pixelSize == Size(width: 800, height: 450))
    #expect(h.canvas.videoFrameSizes[uploaded.rawValue]?.isEmpty == false)
    #expect(h.canvas.videoFrameSizes.values.joined().allSatisfy { $0 == "800x450" }, "\(h.canvas.videoFrameSizes)")
  }

  /// Before the view's size is known, a poster keeps the video's own size (it is then replaced by
  /// the show's first frame, as before).
  @Test func aPosterWithoutAViewKeepsItsOwnSize() throws {
    let (h, _) = try videoHarness()
    h.run(until: 1)
    let creative = try #require(h.overlay.fullscreen.rewardedAds.loaded?.creative)
    let video = try #require(creative.video)
    let poster = YUVImage(
      width: video.width, height: video.height,
      planes: [
        [UInt8](repeating: 16, count: 320 * 180), [UInt8](repeating: 128, count: 160 * 90),
        [UInt8](repeating: 128, count: 160 * 90),
      ])
    let natural = LoadedAd(creative: creative, image: poster)
    let kept = try #require(natural.withPosterFitted(to: nil).image as? YUVImage)
    #expect("\(kept.pixelWidth)x\(kept.pixelHeight)" == "320x180")
    let fitted = try #require(
      natural.withPosterFitted(to: (Size(width: 640, height: 480), 2)).image as? YUVImage)
    #expect("\(fitted.pixelWidth)x\(fitted.pixelHeight)" == "1280x720", "640 points at 2 pixels each")
    #expect(fitted.planes[0].allSatisfy { $0 == 16 } && fitted.planes[1].allSatisfy { $0 == 128 })
  }
}
