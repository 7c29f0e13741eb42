import IntermissionVAST
import Testing

@testable import IntermissionAds

@Suite("Video creatives")
struct VideoCreativeTests {
  /// A minimal inline VAST ad of 4 s with one MP4 file.
  static func playableAd() throws -> VASTPlayableAd {
    let text = """
      <VAST version="4.2"><Ad id="v"><InLine><AdSystem>Test</AdSystem><AdTitle>V</AdTitle>
      <Impression><![CDATA[https://t.example.com/imp]]></Impression>
      <Creatives><Creative><Linear><Duration>00:00:04</Duration><MediaFiles>
      <MediaFile delivery="progressive" type="video/mp4" width="320" height="180"><![CDATA[https://c.example.com/v.mp4]]></MediaFile>
      </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
      """
    let resolved = try VASTResolver { _ in .failure(VASTError(.wrapperTimeout, "no network")) }
      .resolve(VASTDocument.read(Array(text.utf8))).get()
    return try VASTPlayableAd(resolved, playableTypes: ["video/mp4"], viewWidth: 800, maxDuration: 30)
  }

  /// Two videos that differ only in where their play is cut are different videos: `playLimit` is
  /// part of their equality and their hash (a set keeps both).
  @Test func thePlayLimitIsPartOfAVideosEqualityAndHash() throws {
    let video = VideoCreative(
      ad: try VideoCreativeTests.playableAd(), mediaPath: "/ads/v.mp4", duration: 4, playLimit: 5, frameRate: 30,
      hasAudio: true, width: 320, height: 180)
    var cut = video
    cut.playLimit = 30
    #expect(video != cut)
    #expect(video.hashValue != cut.hashValue)
    #expect(Set([video, cut]).count == 2)
    var same = cut
    same.playLimit = 5
    #expect(same == video && same.hashValue == video.hashValue)
  }
}
