import Foundation
import IntermissionAds
import IntermissionTestSupport
import Testing

@Suite("Ad manifest")
struct AdManifestTests {
  @Test func loadsTheAdsInOrderWithResolvedPaths() throws {
    let folder = try AdFolder.standard()
    let ads = try AdManifest.load(path: folder.manifestPath)
    #expect(ads.map(\.id) == ["a", "b", "c"])
    #expect(ads[0].action == .inApp)
    #expect(ads[2].action == .openURL("https://example.com/c"))
    #expect(ads[2].action.willLeaveApplication && !ads[0].action.willLeaveApplication)
    #expect(ads.allSatisfy { $0.imagePath.hasPrefix("/") && FileManager.default.fileExists(atPath: $0.imagePath) })
  }

  @Test func theShippedInventoryIsValid() throws {
    let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Assets/ads/manifest.json").path
    let ads = try AdManifest.load(path: manifest)
    #expect(ads.map(\.id) == ["starfall", "tidewater", "blockworks", "starfall-season", "bonus-coins"])
    #expect(ads.contains { $0.action == .inApp })
    #expect(ads.contains { $0.action.willLeaveApplication })
  }

  @Test func aBareControlCharacterInAStringIsNotJSON() throws {
    let folder = try AdFolder()
    try folder.writePNG("a.png")
    try folder.writeManifest("{\"ads\":[{\"id\":\"x\ty\",\"image\":\"a.png\",\"title\":\"t\",\"action\":\"in-app\"}]}")
    #expect {
      try AdManifest.load(path: folder.manifestPath)
    } throws: { error in
      "\(error)".contains("line 1, column 17: control character in a string")
    }
  }

  @Test func aManifestThatIsNotARegularFileIsRefusedWithoutReading() throws {
    let folder = try AdFolder()
    #expect(mkfifo(folder.manifestPath, 0o644) == 0)
    #expect(throws: AdError.manifestUnreadable(path: folder.manifestPath, reason: "not a regular file (a FIFO)")) {
      try AdManifest.load(path: folder.manifestPath)
    }
    #expect(throws: AdError.manifestUnreadable(path: folder.url.path, reason: "not a regular file (a folder)")) {
      try AdManifest.load(path: folder.url.path)
    }
  }

  @Test func aManifestOverOneMebibyteIsRefused() throws {
    let folder = try AdFolder()
    try folder.writeManifest(String(repeating: " ", count: AdManifest.maximumSize + 1))
    #expect(throws: AdError.manifestUnreadable(path: folder.manifestPath, reason: "larger than 1048576 bytes")) {
      try AdManifest.load(path: folder.manifestPath)
    }
  }

  @Test func missingManifestIsUnreadable() {
    #expect(throws: AdError.manifestUnreadable(path: "/nonexistent/manifest.json", reason: "no such file")) {
      try AdManifest.load(path: "/nonexistent/manifest.json")
    }
  }

  @Test(
    arguments: [
      ("{ not json", "not valid JSON"),
      ("[1, 2]", "the top level is not an object"),
      (#"{ "adverts": [] }"#, #"missing "ads" array"#),
      (#"{ "ads": [ 3 ] }"#, "ads[0] is not an object"),
      (#"{ "ads": [ { "id": "x", "image": "a.png", "action": "in-app" } ] }"#, #"ads[0]: "title" must be"#),
      (#"{ "ads": [ { "id": "", "image": "a.png", "title": "t", "action": "in-app" } ] }"#, #""id" must be"#),
      (
        #"{ "ads": [ { "id": "x", "image": "a.png", "title": "t", "action": "popup" } ] }"#,
        #""action" must be "in-app" or "open-url""#
      ),
      (#"{ "ads": [ { "id": "x", "image": "a.png", "title": "t", "action": "open-url" } ] }"#, #""url" must be"#),
      // Strict JSON (RFC 8259): what lenient parsers let through.
      (#"{"ads":[{"id":"x","image":"a.png","title":"t","action":"in-app"},]}"#, "trailing comma in an array"),
      (#"{"ads":[{"id":"x","image":"a.png","title":"t","action":"in-app",}]}"#, "trailing comma in an object"),
      (#"{"ads":[{"id":"x","image":"a.png","title":"t","action":"in-app"}]} x"#, "unexpected text after"),
      (#"{"ads":[{"id":"x","id":"y","image":"a.png","title":"t","action":"in-app"}]}"#, "duplicate key"),
      (#"{"ads":[{'id':"x"}]}"#, "expected a member name in double quotes"),
      (#"{"ads":[{"id":"x","image":"a.png","title":"t","action":"in-app","n":01}]}"#, "leading zero"),
      (#"{"ads":[{"id":"x","image":"a.png","title":"t","action":"in-app","s":"\ud800"}]}"#, "lone surrogate"),
      (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "nested more than 64 deep"),
      // Strings that load something other than what they say, or show nothing.
      (
        #"{"ads":[{"id":"x","image":"a.png\u0000.jpg","title":"t","action":"in-app"}]}"#,
        #""image" contains a control character"#
      ),
      (#"{"ads":[{"id":"\n","image":"a.png","title":"t","action":"in-app"}]}"#, #""id" contains a control character"#),
      (
        #"{"ads":[{"id":"x","image":"a.png","title":"   ","action":"in-app"}]}"#,
        #""title" needs at least one visible character"#
      ),
      (
        #"{"ads":[{"id":"x","image":"a.png","title":"t\u0085","action":"in-app"}]}"#,
        #""title" contains a control character"#
      ),
      // A house ad's stated price: a number of USD per thousand, from 0 to a million.
      (
        #"{"ads":[{"id":"x","image":"a.png","title":"t","action":"in-app","cpm":-1}]}"#,
        #"ads[0] 'x': "cpm" must be a price per thousand impressions in USD from 0 to 1000000"#
      ),
      (#"{"ads":[{"id":"x","image":"a.png","title":"t","action":"in-app","cpm":"2.5"}]}"#, #""cpm" must be a price"#),
      (#"{"ads":[{"id":"x","image":"a.png","title":"t","action":"in-app","cpm":1e7}]}"#, #""cpm" must be a price"#),
    ])
  func malformedManifestsNameWhatIsWrong(text: String, detail: String) throws {
    let folder = try AdFolder()
    try folder.writePNG("a.png")
    try folder.writeManifest(text)
    do {
      _ = try AdManifest.load(path: folder.manifestPath)
      Issue.record("accepted \(text)")
    } catch let error as AdError {
      guard case .manifestMalformed(let path, let message) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(path == folder.manifestPath)
      #expect(message.contains(detail), "\(message)")
    }
  }

  @Test func emptyInventoryIsAnError() throws {
    let folder = try AdFolder()
    try folder.writeManifest(#"{ "ads": [] }"#)
    #expect(throws: AdError.noAds(path: folder.manifestPath)) { try AdManifest.load(path: folder.manifestPath) }
  }

  @Test(arguments: ["../outside.png", "/etc/passwd", "sub/../../outside.png", "~/x.png"])
  func pathsLeavingTheFolderAreRejected(image: String) throws {
    let parent = try AdFolder()
    try parent.writePNG("outside.png")
    let folderURL = parent.url.appendingPathComponent("inner")
    try FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
    let manifest = folderURL.appendingPathComponent("manifest.json").path
    try Data(#"{ "ads": [ { "id": "x", "image": "\#(image)", "title": "t", "action": "in-app" } ] }"#.utf8)
      .write(to: URL(fileURLWithPath: manifest))
    #expect(throws: AdError.pathOutsideManifestFolder(id: "x", path: image)) { try AdManifest.load(path: manifest) }
  }

  @Test func symbolicLinksLeavingTheFolderAreRejected() throws {
    let parent = try AdFolder()
    try parent.writePNG("secret.png")
    let inner = parent.url.appendingPathComponent("inner")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: inner.appendingPathComponent("link.png").path,
      withDestinationPath: parent.url.appendingPathComponent("secret.png").path)
    let manifest = inner.appendingPathComponent("manifest.json").path
    try Data(#"{ "ads": [ { "id": "x", "image": "link.png", "title": "t", "action": "in-app" } ] }"#.utf8)
      .write(to: URL(fileURLWithPath: manifest))
    #expect(throws: AdError.pathOutsideManifestFolder(id: "x", path: "link.png")) {
      try AdManifest.load(path: manifest)
    }
  }

  @Test func missingImageIsNamed() throws {
    let folder = try AdFolder()
    try folder.writeManifest(#"{ "ads": [ { "id": "x", "image": "gone.png", "title": "t", "action": "in-app" } ] }"#)
    #expect(throws: AdError.imageMissing(id: "x", path: "gone.png")) { try AdManifest.load(path: folder.manifestPath) }
  }

  @Test(
    arguments: [
      "javascript:alert(1)", "file:///etc/passwd", "ftp://example.com/x", "example.com", "https://", "http:///x",
      "https://example.com/a b", "mailto:someone@example.com",
    ])
  func onlyHttpAndHttpsURLsAreAccepted(url: String) throws {
    let folder = try AdFolder()
    try folder.writePNG("a.png")
    try folder.writeManifest(
      #"{ "ads": [ { "id": "x", "image": "a.png", "title": "t", "action": "open-url", "url": "\#(url)" } ] }"#)
    #expect(throws: AdError.unsupportedURL(id: "x", url: url)) { try AdManifest.load(path: folder.manifestPath) }
  }

  @Test func webURLCheck() {
    #expect(AdManifest.isWebURL("https://example.com/x?y=1"))
    #expect(AdManifest.isWebURL("HTTP://example.com"))
    #expect(!AdManifest.isWebURL("https://example.com/\n--flag"))
  }
}

extension AdManifestTests {
  @Test func inAppAdsMayCarryADescriptionAndALandingURL() throws {
    let folder = try AdFolder.standard()
    try folder.writeManifest(
      #"{"ads": [{"id": "a", "image": "a.png", "title": "A", "action": "in-app", "url": "https://example.com/a", "description": "Play it."}]}"#
    )
    let ads = try AdManifest.load(path: folder.manifestPath)
    #expect(ads[0].landingURL == "https://example.com/a" && ads[0].description == "Play it.")
    #expect(ads[0].action == .inApp)
    try folder.writeManifest(
      #"{"ads": [{"id": "a", "image": "a.png", "title": "A", "action": "in-app", "url": "file:///etc/passwd"}]}"#)
    #expect(throws: AdError.self) { try AdManifest.load(path: folder.manifestPath) }
    let long = String(repeating: "x", count: AdManifest.maximumDescriptionLength + 1)
    try folder.writeManifest(
      #"{"ads": [{"id": "a", "image": "a.png", "title": "A", "action": "in-app", "description": "\#(long)"}]}"#)
    #expect(throws: AdError.self) { try AdManifest.load(path: folder.manifestPath) }
  }

  // MARK: - Full-screen formats

  func parse(_ entries: String) throws -> [AdCreative] {
    let folder = try AdFolder()
    try folder.writePNG("a.png")
    try folder.writeManifest(#"{"ads":[\#(entries)]}"#)
    return try AdManifest.load(path: folder.manifestPath)
  }

  static let banner = #"{"id":"b","image":"a.png","title":"B","action":"in-app"}"#

  @Test func entriesHaveAFormatWithTheirRewardAndCountdown() throws {
    let ads = try parse(
      Self.banner + ","
        + #"{"id":"i","image":"a.png","title":"I","action":"in-app","format":"interstitial","closeAfter":3}"#
        + ","
        + #"{"id":"r","image":"a.png","title":"R","action":"in-app","format":"rewarded","#
        + #""reward":{"type":"coins","amount":50},"rewardAfter":20}"# + ","
        + #"{"id":"i2","image":"a.png","title":"I","action":"in-app","format":"interstitial"}"# + ","
        + #"{"id":"r2","image":"a.png","title":"R","action":"in-app","format":"rewarded","#
        + #""reward":{"type":"gems","amount":0}}"#)
    #expect(ads.map(\.format) == [.banner, .interstitial, .rewarded, .interstitial, .rewarded])
    #expect(ads[0].reward == nil && ads[0].countdown == nil, "a banner has neither")
    #expect(ads[1].countdown == 3 && ads[3].countdown == AdFormat.defaultCloseAfter)
    #expect(ads[2].reward == AdFormat.Reward(type: "coins", amount: 50) && ads[2].countdown == 20)
    #expect(
      ads[4].reward == AdFormat.Reward(type: "gems", amount: 0) && ads[4].countdown == AdFormat.defaultRewardAfter)
  }

  @Test(arguments: [
    (#","format":"video""#, #""format" must be "banner", "interstitial" or "rewarded""#),
    (#","format":"rewarded""#, #"a rewarded ad needs "reward""#),
    (#","reward":{"type":"coins","amount":5}"#, #""reward" belongs to "format": "rewarded" entries only"#),
    (
      #","format":"rewarded","closeAfter":3,"reward":{"type":"c","amount":1}"#,
      #""closeAfter" belongs to "format": "interstitial""#
    ),
    (#","format":"interstitial","rewardAfter":3"#, #""rewardAfter" belongs to "format": "rewarded""#),
    (#","format":"interstitial","closeAfter":16"#, #""closeAfter" must be a number of seconds from 0 to 15"#),
    (
      #","format":"rewarded","reward":{"type":"c","amount":1},"rewardAfter":61"#,
      #""rewardAfter" must be a number of seconds from 1 to 60"#
    ),
    (#","format":"rewarded","reward":{"type":"c","amount":1},"rewardAfter":"9""#, #""rewardAfter" must be a number"#),
    (#","format":"rewarded","reward":{"amount":1}"#, #""reward"."type" must be a visible string"#),
    (#","format":"rewarded","reward":{"type":"c","amount":-1}"#, #""reward"."amount" must be an integer from 0"#),
    (#","format":"rewarded","reward":{"type":"c","amount":2.5}"#, #""reward"."amount" must be an integer"#),
    (#","format":"rewarded","reward":{"type":"c","amount":1e12}"#, #""reward"."amount" must be an integer"#),
  ])
  func badFullScreenFieldsAreNamed(extra: String, message: String) {
    do {
      _ = try parse(#"{"id":"x","image":"a.png","title":"X","action":"in-app"\#(extra)}"#)
      Issue.record("accepted \(extra)")
    } catch {
      #expect("\(error)".contains("ads[0] 'x': " + message), "\(error)")
    }
  }

  @Test func theBannerRotatesThroughBannerEntriesOnly() throws {
    let folder = try AdFolder()
    try folder.writePNG("a.png")
    let rewarded =
      #"{"id":"r","image":"a.png","title":"R","action":"in-app","format":"rewarded","reward":{"type":"c","amount":1}}"#
    let interstitial = #"{"id":"i","image":"a.png","title":"I","action":"in-app","format":"interstitial"}"#
    try folder.writeManifest(
      #"{"ads":[\#(rewarded),"# + Self.banner.replacingOccurrences(of: #""b""#, with: #""b1""#) + ","
        + interstitial + "," + Self.banner.replacingOccurrences(of: #""b""#, with: #""b2""#) + "]}")
    let source = LocalAdSource(manifestPath: folder.manifestPath, decoder: SignatureDecoder())
    let shown = (0..<4).map { sequence -> String in
      guard case .success(let loaded) = source.loadAd(sequence: sequence) else { return "failed" }
      return loaded.creative.id
    }
    #expect(shown == ["b1", "b2", "b1", "b2"])
    try folder.writeManifest(#"{"ads":[\#(rewarded),\#(interstitial)]}"#)
    guard case .failure(let error) = source.loadAd(sequence: 0) else {
      Issue.record("a manifest without banner entries gave the banner an ad")
      return
    }
    #expect(error == .noBannerAds(path: folder.manifestPath))
    #expect(AdError.noBannerAds(path: "m.json").description.contains("lists no banner ads"))
  }
}
