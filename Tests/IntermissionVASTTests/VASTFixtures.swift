import IntermissionVAST

/// VAST documents as ad servers write them, for the tests.
enum VASTFixtures {
  /// An inline linear ad of `version`, in VAST's default namespace (3.0 and later), its URLs in
  /// CDATA on lines of their own.
  static func inline(
    version: String = "4.2", id: String = "inline-1", duration: String = "00:00:15", skipOffset: String? = "00:00:05",
    mediaFiles: String = VASTFixtures.mp4Files, adType: String? = nil
  ) -> String {
    let namespace = version.hasPrefix("2") ? "" : #" xmlns="http://www.iab.com/VAST""#
    let servingID = version.hasPrefix("4") ? "<AdServingId>serving-\(id)</AdServingId>" : ""
    let skip = skipOffset.map { #" skipoffset="\#($0)""# } ?? ""
    let type = adType.map { #" adType="\#($0)""# } ?? ""
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <VAST version="\(version)"\(namespace)>
        <Ad id="\(id)"\(type)>
          <InLine>
            <AdSystem>Test</AdSystem>
            <AdTitle> Starfall: the trailer </AdTitle>
            <Description><![CDATA[Thirty missions among the stars.]]></Description>
            \(servingID)
            <Impression id="a"><![CDATA[
              https://t.example.com/imp?ad=\(id)&ts=[TIMESTAMP]
            ]]></Impression>
            <Impression><![CDATA[https://t.example.com/imp2]]></Impression>
            <Error><![CDATA[https://t.example.com/error?code=[ERRORCODE]]]></Error>
            <ViewableImpression>
              <Viewable><![CDATA[https://t.example.com/viewable]]></Viewable>
              <NotViewable><![CDATA[https://t.example.com/not-viewable]]></NotViewable>
            </ViewableImpression>
            <Creatives>
              <Creative id="c1" sequence="1">
                <CompanionAds><Companion width="300" height="250"><StaticResource creativeType="image/png"><![CDATA[https://x.example.com/c.png]]></StaticResource></Companion></CompanionAds>
              </Creative>
              <Creative id="c2">
                <Linear\(skip)>
                  <Duration>\(duration)</Duration>
                  <TrackingEvents>
                    <Tracking event="start"><![CDATA[https://t.example.com/start]]></Tracking>
                    <Tracking event="firstQuartile"><![CDATA[https://t.example.com/q1]]></Tracking>
                    <Tracking event="midpoint"><![CDATA[https://t.example.com/mid]]></Tracking>
                    <Tracking event="thirdQuartile"><![CDATA[https://t.example.com/q3]]></Tracking>
                    <Tracking event="complete"><![CDATA[https://t.example.com/complete]]></Tracking>
                    <Tracking event="progress" offset="00:00:10"><![CDATA[https://t.example.com/p10]]></Tracking>
                    <Tracking event="progress"><![CDATA[https://t.example.com/no-offset]]></Tracking>
                    <Tracking event="acceptInvitation"><![CDATA[https://t.example.com/unknown]]></Tracking>
                    <Tracking event="mute"><![CDATA[https://t.example.com/mute]]></Tracking>
                  </TrackingEvents>
                  <VideoClicks>
                    <ClickThrough><![CDATA[ https://advertiser.example.com/landing ]]></ClickThrough>
                    <ClickTracking><![CDATA[https://t.example.com/click]]></ClickTracking>
                  </VideoClicks>
                  <MediaFiles>
                    \(mediaFiles)
                  </MediaFiles>
                  <Icons><Icon program="AdChoices"><StaticResource><![CDATA[https://x.example.com/i.png]]></StaticResource></Icon></Icons>
                </Linear>
              </Creative>
            </Creatives>
            <Extensions><Extension type="x"><Anything deep="yes"/></Extension></Extensions>
          </InLine>
        </Ad>
      </VAST>
      """
  }

  static let mp4Files = """
    <MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080" bitrate="6000" codec="H.264"><![CDATA[
      https://cdn.example.com/ad-1080.mp4
    ]]></MediaFile>
    <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="2400"><![CDATA[https://cdn.example.com/ad-720.mp4]]></MediaFile>
    <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="900"><![CDATA[https://cdn.example.com/ad-720-low.mp4]]></MediaFile>
    <MediaFile delivery="progressive" type="application/javascript" apiFramework="VPAID" width="960" height="540"><![CDATA[https://cdn.example.com/vpaid.js]]></MediaFile>
    """

  /// A wrapper of `tag`, with trackers named after `name`.
  static func wrapper(
    _ name: String, tag: String, follow: Bool? = nil, fallback: Bool? = nil, version: String = "4.1"
  ) -> String {
    var attributes = ""
    if let follow { attributes += #" followAdditionalWrappers="\#(follow)""# }
    if let fallback { attributes += #" fallbackOnNoAd="\#(fallback)""# }
    return """
      <VAST version="\(version)" xmlns="http://www.iab.com/VAST">
        <Ad id="\(name)">
          <Wrapper\(attributes)>
            <AdSystem>Wrapper \(name)</AdSystem>
            <VASTAdTagURI><![CDATA[ \(tag) ]]></VASTAdTagURI>
            <Impression><![CDATA[https://t.example.com/\(name)/imp]]></Impression>
            <Error><![CDATA[https://t.example.com/\(name)/error?c=[ERRORCODE]]]></Error>
            <Creatives><Creative><Linear>
              <TrackingEvents><Tracking event="start"><![CDATA[https://t.example.com/\(name)/start]]></Tracking></TrackingEvents>
              <VideoClicks><ClickTracking><![CDATA[https://t.example.com/\(name)/click]]></ClickTracking></VideoClicks>
            </Linear></Creative></Creatives>
          </Wrapper>
        </Ad>
      </VAST>
      """
  }

  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
