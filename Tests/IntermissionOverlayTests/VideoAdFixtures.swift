import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionTestSupport

/// Stores beacons in memory, in order, and delivers none.
final class RecordingBeacons: BeaconDelivery {
  private(set) var recorded: [Beacon] = []
  func record(_ beacon: Beacon) throws { recorded.append(beacon) }
  func update(at hostTime: Double, report: (BeaconOutcome) -> Void) {}
  var nextWakeTime: Double? { nil }

  /// The VAST trackers' URLs, in the order they were stored.
  var vastURLs: [String] { recorded.filter { $0.kind == .vast }.map(\.url) }

  /// The `e=` of each VAST tracker stored, in order.
  var vastEvents: [String] {
    vastURLs.compactMap { url in
      url.split(separator: "?").last?.split(separator: "&").first { $0.hasPrefix("e=") }.map { String($0.dropFirst(2)) }
    }
  }
}

extension AdFolder {
  /// The standard banners, a rewarded video `rv` (50 coins) and an interstitial video `iv`, each
  /// playing the generated 4 s clip `steps.mp4` (its luma steps up every second) through a house
  /// VAST 4.2 file with every tracker at `https://t.example.com/v?e=<event>`.
  static func withVideos(
    media: String = "steps.mp4", skipOffset: String? = "00:00:01", rewardedMedia: String? = nil,
    extraMediaAttributes: String = "", duration: String = "00:00:04"
  ) throws -> AdFolder {
    let folder = try AdFolder()
    for name in ["a.png", "b.png"] { try folder.writePNG(name) }
    for name in Set([media, rewardedMedia ?? media]) where !name.isEmpty && !name.contains("/") {
      let source = try GeneratedMedia.path(name)
      if FileManager.default.fileExists(atPath: source) {
        try FileManager.default.copyItem(atPath: source, toPath: folder.url.appendingPathComponent(name).path)
      }
    }
    try folder.write(
      "rv.xml",
      vast(id: "rv", media: rewardedMedia ?? media, skipOffset: nil, extra: extraMediaAttributes, duration: duration))
    try folder.write(
      "iv.xml",
      vast(id: "iv", media: media, skipOffset: skipOffset, extra: extraMediaAttributes, duration: duration))
    try folder.writeManifest(
      """
      { "ads": [
        { "id": "a", "image": "a.png", "title": "Ad A", "action": "in-app" },
        { "id": "b", "image": "b.png", "title": "Ad B", "action": "in-app" },
        { "id": "iv", "vast": "iv.xml", "title": "Interstitial video", "action": "in-app",
          "format": "interstitial", "closeAfter": 3 },
        { "id": "rv", "vast": "rv.xml", "title": "Rewarded video", "action": "in-app",
          "format": "rewarded", "reward": {"type": "coins", "amount": 50} }
      ] }
      """)
    return folder
  }

  /// A VAST 4.2 document with a default namespace, CDATA URLs padded with whitespace, and every
  /// tracker, each URL naming its event (`e=`) and carrying macros, promising `duration`.
  static func vast(
    id: String, media: String, skipOffset: String?, extra: String = "", duration: String = "00:00:04"
  ) -> String {
    func url(_ event: String) -> String {
      "<![CDATA[ \n https://t.example.com/v?e=\(event)&p=[ADPLAYHEAD]&cb=[CACHEBUSTING]&x=[UNKNOWNMACRO] \n ]]>"
    }
    let events = [
      "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "pause", "resume", "mute",
      "unmute", "skip", "closeLinear",
    ]
    let tracking = events.map { "<Tracking event=\"\($0)\">\(url($0))</Tracking>" }.joined(separator: "\n")
    let skip = skipOffset.map { " skipoffset=\"\($0)\"" } ?? ""
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <VAST version="4.2" xmlns="http://www.iab.com/VAST">
        <Ad id="\(id)">
          <InLine>
            <AdSystem>test</AdSystem>
            <AdTitle>Video \(id)</AdTitle>
            <AdServingId>serving-\(id)</AdServingId>
            <Impression>\(url("impression"))</Impression>
            <Error><![CDATA[https://t.example.com/v?e=error&code=[ERRORCODE]]]></Error>
            <ViewableImpression>
              <Viewable>\(url("viewable"))</Viewable>
              <NotViewable>\(url("notViewable"))</NotViewable>
            </ViewableImpression>
            <Creatives>
              <Creative>
                <Linear\(skip)>
                  <Duration>\(duration)</Duration>
                  <TrackingEvents>
                    \(tracking)
                    <Tracking event="progress" offset="00:00:03.5">\(url("progress"))</Tracking>
                  </TrackingEvents>
                  <VideoClicks>
                    <ClickThrough><![CDATA[ https://advertiser.example.com/\(id) ]]></ClickThrough>
                    <ClickTracking>\(url("click"))</ClickTracking>
                  </VideoClicks>
                  <MediaFiles>
                    <MediaFile delivery="progressive" type="video/mp4" width="320" height="180" codec="H.264"\(extra)>
                      <![CDATA[ \(media) ]]>
                    </MediaFile>
                  </MediaFiles>
                </Linear>
              </Creative>
            </Creatives>
          </InLine>
        </Ad>
      </VAST>
      """
  }
}
