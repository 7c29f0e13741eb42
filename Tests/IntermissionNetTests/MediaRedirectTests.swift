import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionNet
import IntermissionTestSupport
import Testing

/// A video's media file is streamed to disk through the same redirect loop as every fetch kept in
/// memory (`HTTPClient.followingRedirects`): media follow any http or https redirect (CDNs move
/// files), at most three, and nothing else.
@Suite("Media redirects")
struct MediaRedirectTests {
  /// An inline VAST 4.2 ad of the generated 4 s clip at `media`.
  static func vast(media: String) -> String {
    """
    <VAST version="4.2"><Ad id="r"><InLine><AdSystem>t</AdSystem><AdTitle>R</AdTitle><Creatives><Creative>
    <Linear><Duration>00:00:04</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4"
    width="320" height="180">\(media)</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
    """
  }

  @Test func aMediaFileFollowsAnyWebRedirectAtMostThreeTimes() throws {
    let runner = try ProgramRunner()
    let www = runner.folder.appendingPathComponent("www")
    try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: try GeneratedMedia.path("steps.mp4"), toPath: www.appendingPathComponent("steps.mp4").path)
    try Data(Self.vast(media: "moved.mp4").utf8).write(to: www.appendingPathComponent("here.xml"))
    for name in ["away", "file", "loop"] {
      try Data(Self.vast(media: "\(name).mp4").utf8).write(to: www.appendingPathComponent("\(name).xml"))
    }
    // Another origin (another port) with the same clip, where a CDN would be.
    let cdn = try NginxServer(root: www)
    let nginx = try NginxServer(
      root: www,
      locations: """
        location = /moved.mp4 { return 302 /steps.mp4; }
        location = /away.mp4 { return 302 http://127.0.0.1:\(cdn.port)/steps.mp4; }
        location = /file.mp4 { return 302 file:///etc/passwd; }
        location = /loop.mp4 { return 302 /loop.mp4; }
        """)

    // The run's own cache: nothing from an earlier run (whose server had the same port) answers.
    let cache = HTTPCache(folder: runner.path("cache"))
    for name in ["here", "away"] {
      let loaded = RemoteVASTSource(nginx.url("\(name).xml"), loadTimeout: 20, cache: cache).loadAd(
        sequence: 0, format: .interstitial)
      guard case .success(let ad) = loaded else {
        Issue.record("\(name): the redirect should be followed: \(loaded)")
        continue
      }
      let mediaPath = try #require(ad.creative.video?.mediaPath)
      #expect(
        FileManager.default.contentsEqual(atPath: mediaPath, andPath: www.appendingPathComponent("steps.mp4").path),
        "\(name): the streamed file is the clip, byte for byte")
    }
    #expect(cdn.requests == ["GET /steps.mp4 200"], "\(cdn.requests)")

    for (name, refusal) in [
      ("file", "redirect refused: to 'file:///etc/passwd', not http or https"),
      ("loop", "redirect refused: more than \(HTTPClient.maximumRedirects) redirects"),
    ] {
      let refused = RemoteVASTSource(nginx.url("\(name).xml"), loadTimeout: 20, cache: cache).loadAd(
        sequence: 0, format: .interstitial)
      guard case .failure(.vastFailed(_, _, let reason, _)) = refused else {
        Issue.record("\(name): the redirect should be refused: \(refused)")
        continue
      }
      #expect(reason.contains(refusal), "\(name): \(reason)")
    }
    let requests = nginx.requests
    #expect(requests.filter { $0.hasPrefix("GET /loop.mp4 ") }.count == HTTPClient.maximumRedirects + 1, "\(requests)")
    #expect(requests.filter { $0.hasPrefix("GET /steps.mp4 ") } == ["GET /steps.mp4 200"], "\(requests)")
  }
}
