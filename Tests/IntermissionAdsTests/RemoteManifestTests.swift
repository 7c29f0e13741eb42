import IntermissionAds
import IntermissionBasics
import Testing

@Suite("Manifests from an ad server")
struct RemoteManifestTests {
  let base = WebURL("https://ads.example.com:8443/campaigns/spring/manifest.json")!

  func parse(_ ads: String) throws -> [AdCreative] {
    try AdManifest.parse(Array(#"{"ads":[\#(ads)]}"#.utf8), location: .web(base))
  }

  func ad(image: String, extra: String = "") -> String {
    #"{"id":"x","image":"\#(image)","title":"X","action":"in-app"\#(extra)}"#
  }

  @Test(arguments: [
    ("creative.png", "https://ads.example.com:8443/campaigns/spring/creative.png"),
    ("img/c.png?v=2", "https://ads.example.com:8443/campaigns/spring/img/c.png?v=2"),
    ("../shared/c.png", "https://ads.example.com:8443/campaigns/shared/c.png"),
    ("/cdn/c.png", "https://ads.example.com:8443/cdn/c.png"),
    ("https://ADS.example.com:8443/x.png", "https://ads.example.com:8443/x.png"),
    // Percent-encoded dots are dots (RFC 3986, 6.2.2.2): decoded before dot segments are removed.
    ("%2e%2e/%2e%2e/x.png", "https://ads.example.com:8443/x.png"),
    (".%2e/x.png", "https://ads.example.com:8443/campaigns/x.png"),
    ("%2E%2E/x.png", "https://ads.example.com:8443/campaigns/x.png"),
    ("%7e%41/%c3%a9.png?q=%2f%7E", "https://ads.example.com:8443/campaigns/spring/~A/%C3%A9.png?q=%2F~"),
    ("//ads.example.com:8443/y.png", "https://ads.example.com:8443/y.png"),
  ])
  func imagesResolveAgainstTheManifestsURL(image: String, expected: String) throws {
    #expect(try parse(ad(image: image)).first?.imagePath == expected)
  }

  @Test(arguments: [
    "https://evil.example.com/x.png", "http://ads.example.com:8443/x.png", "https://ads.example.com/x.png",
    "//other.example.com/x.png", "file:///etc/passwd", "data:image/png;base64,AAAA", "../../../../x.png",
    "ftp://ads.example.com:8443/x.png",
    // Above the root once decoded; an encoded slash or backslash; a broken percent-encoding.
    "%2e%2e/%2e%2e/%2e%2e/x.png", "..%2fx.png", "..%2F..%2Fx.png", "a%5c..%5cx.png", "%zz.png", "x.png%2",
  ])
  func imagesOffTheManifestsOriginAreRefused(image: String) {
    #expect(throws: AdError.imageOffOrigin(id: "x", reference: image, origin: "https://ads.example.com:8443")) {
      try parse(ad(image: image))
    }
  }

  /// Hosts are ASCII, so the byte search for `://` (`TextSearch.swift`) cannot start one with a
  /// combining mark, which a character-wise resolution would then read as another host; an encoded
  /// slash followed by a combining mark is an encoded slash.
  @Test(arguments: [
    "http://\u{0345}a.example/x", "http://bücher.example/x", "http://a.example/p%2F\u{0301}q",
    "http://a.example/p%5C\u{0301}q", "http://ex\u{0301}ample.com/",
  ])
  func urlsWithNonASCIIHostsOrMarkedEncodedSlashesAreRefused(text: String) {
    #expect(WebURL(text) == nil)
  }

  @Test func trackingURLsAndExpiryAreRead() throws {
    let ads = try parse(
      ad(
        image: "c.png",
        extra: #","impressionURL":"https://t.example.net/i?c=1","clickURL":"http://t.example.net/c","expires":600"#)
        + "," + ad(image: "d.png"))
    #expect(ads[0].impressionURL == "https://t.example.net/i?c=1" && ads[0].clickURL == "http://t.example.net/c")
    #expect(ads[0].beaconLifetime == 600)
    #expect(ads[1].impressionURL == nil && ads[1].clickURL == nil && ads[1].beaconLifetime == 86_400)
    #expect(Beacon(.impression, of: ads[0])?.url == "https://t.example.net/i?c=1")
    #expect(Beacon(.click, of: ads[1]) == nil)
  }

  @Test(arguments: [
    (#","impressionURL":"javascript:alert(1)""#, "URL 'javascript:alert(1)' is not an http or https URL"),
    (#","clickURL":"file:///etc/passwd""#, "URL 'file:///etc/passwd' is not an http or https URL"),
    (#","impressionURL":"""#, #""impressionURL" must be a non-empty string"#),
    (#","expires":0"#, #""expires" must be a number of seconds from 1 to 2592000"#),
    (#","expires":"soon""#, #""expires" must be a number"#),
    (#","expires":99999999"#, #""expires" must be a number"#),
  ])
  func badTrackingFieldsAreNamed(extra: String, message: String) {
    do {
      _ = try parse(ad(image: "c.png", extra: extra))
      Issue.record("accepted \(extra)")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  @Test(arguments: [
    ("HTTP://Example.COM:8080/a/./b/../c%2d%5F", "http://example.com:8080/a/c-_"),
    ("https://example.com", "https://example.com/"),
    ("https://example.com?x=%3d", "https://example.com/?x=%3D"),
    ("https://u%41@example.com/p#%7e", "https://uA@example.com/p#~"),
  ])
  func webURLsAreNormalisedBeforeAnythingChecksThem(text: String, normalised: String) {
    #expect(WebURL(text)?.description == normalised)
    #expect(WebURL(normalised)?.description == normalised, "normalising twice changes nothing")
  }

  @Test(arguments: [
    "https://example.com/%2f", "https://example.com/a%5Cb", "https://example.com/%", "https://ex%41mple.com/",
  ])
  func webURLsWithEncodedSlashesOrBadEncodingsAreRefused(text: String) {
    #expect(WebURL(text) == nil)
  }

  @Test func webURLsKnowTheirOrigin() {
    #expect(WebURL("http://Example.com/a")?.origin == "http://example.com:80")
    #expect(WebURL("https://example.com:443/a")?.origin == WebURL("https://example.com/b")?.origin)
    #expect(WebURL("https://example.com/a/b?q#f")?.path == "/a/b")
    #expect(WebURL("https://example.com")?.resolving("x.png")?.description == "https://example.com/x.png")
  }
}
