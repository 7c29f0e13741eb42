import Foundation
import IntermissionVAST
import Testing

@Suite("VAST documents")
struct VASTDocumentTests {
  /// Every version from 2.0 to 4.3 reads the same ad: by local name (2.0 without a namespace, the
  /// others in VAST's default namespace), URLs trimmed out of their CDATA, the other creatives,
  /// icons and extensions left out.
  @Test(arguments: ["2.0", "3.0", "4.0", "4.1", "4.2", "4.3"])
  func everyVersionReadsTheSameLinearAd(version: String) throws {
    let document = try VASTDocument.read(VASTFixtures.bytes(VASTFixtures.inline(version: version)))
    #expect(document.version == version)
    let ad = try #require(document.adToPlay)
    guard case .inline(let inline) = ad.content else {
      Issue.record("an inline ad")
      return
    }
    #expect(ad.id == "inline-1")
    #expect(inline.title == "Starfall: the trailer")
    #expect(inline.description == "Thirty missions among the stars.")
    #expect(inline.adServingID == (version.hasPrefix("4") ? "serving-inline-1" : nil))
    #expect(
      inline.trackers.impressions == [
        "https://t.example.com/imp?ad=inline-1&ts=[TIMESTAMP]", "https://t.example.com/imp2",
      ])
    #expect(inline.trackers.errors == ["https://t.example.com/error?code=[ERRORCODE]"])
    #expect(inline.trackers.viewable == ["https://t.example.com/viewable"])
    #expect(inline.trackers.notViewable == ["https://t.example.com/not-viewable"])
    #expect(inline.trackers.clickTrackings == ["https://t.example.com/click"])
    // Unknown events and a progress without an offset are left out.
    #expect(
      inline.trackers.events.map(\.kind) == [
        .start, .firstQuartile, .midpoint, .thirdQuartile, .complete, .progress, .mute,
      ])
    #expect(inline.trackers.events[5].offset == .seconds(10))
    let linear = try #require(inline.linear)
    #expect(linear.duration == 15)
    #expect(linear.skipOffset == .seconds(5))
    #expect(linear.clickThrough == "https://advertiser.example.com/landing")
    #expect(linear.mediaFiles.map(\.url).first == "https://cdn.example.com/ad-1080.mp4")
    #expect(linear.mediaFiles.count == 4)
    #expect(linear.mediaFiles[0].codec == "H.264" && linear.mediaFiles[0].bitrate == 6000)
    #expect(linear.mediaFiles[3].apiFramework == "VPAID")
  }

  @Test func timeOffsetsAreClockTimesOrShares() {
    #expect(VASTTimeOffset("00:00:05") == .seconds(5))
    #expect(VASTTimeOffset(" 01:02:03.250 ") == .seconds(3723.25))
    #expect(VASTTimeOffset("25%") == .fraction(0.25))
    #expect(VASTTimeOffset("25%")?.seconds(in: 20) == 5)
    for bad in ["", "5", "00:05", "00:61:00", "00:00:60", "-1%", "101%", "aa:bb:cc", "00:00:-1", "00:00:nan"] {
      #expect(VASTTimeOffset(bad) == nil, "\(bad)")
    }
  }

  @Test func notVASTAnotherVersionOrAnAdWithoutContentAreRefusedWithTheirCodes() {
    func code(_ text: String) -> Int? {
      do {
        _ = try VASTDocument.read(VASTFixtures.bytes(text))
        return nil
      } catch {
        return error.code.rawValue
      }
    }
    #expect(code("<html><body/></html>") == 101)
    #expect(code(#"<VAST version="1.0"><Ad id="x"><InLine/></Ad></VAST>"#) == 102)
    #expect(code(#"<VAST version="5.0"/>"#) == 102)
    #expect(code(#"<VAST><Ad/></VAST>"#) == 102)
    #expect(code(#"<VAST version="4.2"><Ad id="x"><Nothing/></Ad></VAST>"#) == 101)
    #expect(
      code(#"<VAST version="4.2"><Ad id="x"><Wrapper><VASTAdTagURI> </VASTAdTagURI></Wrapper></Ad></VAST>"#) == 101)
    #expect(code("<VAST version=\"4.2\"><Ad>") == 100)
    #expect(code("") == 100)
    #expect(code(#"<VAST version="4.2"/>"#) == nil, "an empty response is a document with no ad")
  }

  /// An entity bomb and an external entity stop at their DTD, before anything is declared or read:
  /// error 100, at once, and the file never appears.
  @Test func aBillionLaughsAndAnExternalEntityAreError100() throws {
    let laughs = """
      <?xml version="1.0"?>
      <!DOCTYPE VAST [
        <!ENTITY lol "lol">
        <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
        <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
        <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
      ]>
      <VAST version="4.2"><Ad id="x"><InLine><AdTitle>&lol9;</AdTitle></InLine></Ad></VAST>
      """
    let secret = FileManager.default.temporaryDirectory.appendingPathComponent("vast-secret-\(UUID().uuidString)")
    try "SECRET-MARKER".write(to: secret, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: secret) }
    let external = """
      <?xml version="1.0"?>
      <!DOCTYPE VAST [<!ENTITY x SYSTEM "file://\(secret.path)">]>
      <VAST version="4.2"><Ad id="x"><InLine><AdTitle>&x;</AdTitle></InLine></Ad></VAST>
      """
    let bare = #"<!DOCTYPE VAST SYSTEM "https://example.com/vast.dtd"><VAST version="4.2"/>"#
    for document in [laughs, external, bare] {
      #expect {
        try VASTDocument.read(VASTFixtures.bytes(document))
      } throws: { error in
        guard let error = error as? VASTError else { return false }
        return error.code == .xmlParsing && error.reason.contains("document type declaration")
          && !error.reason.contains("SECRET")
      }
    }
  }

  @Test func aDocumentOverAMebibyteOrNestedDeeperThan64IsError100() throws {
    let large = #"<VAST version="4.2">"# + String(repeating: " ", count: XMLReader.maximumSize) + "</VAST>"
    #expect(throws: VASTError(.xmlParsing, "the document has \(large.utf8.count) bytes, more than 1048576")) {
      try VASTDocument.read(VASTFixtures.bytes(large))
    }
    func nested(_ depth: Int) -> String {
      #"<VAST version="4.2">"# + String(repeating: "<E>", count: depth - 1)
        + String(repeating: "</E>", count: depth - 1)
        + "</VAST>"
    }
    #expect(throws: Never.self) { try VASTDocument.read(VASTFixtures.bytes(nested(64))) }
    #expect {
      try VASTDocument.read(VASTFixtures.bytes(nested(65)))
    } throws: { ($0 as? VASTError)?.code == .xmlParsing && "\($0)".contains("nested too deep") }
  }

  /// An ad pod plays its first ad by sequence, whatever the order in the document.
  @Test func anAdPodPlaysItsFirstAdBySequence() throws {
    let pod = """
      <VAST version="4.1"><Ad id="second" sequence="2"><InLine><AdTitle>2</AdTitle></InLine></Ad>
      <Ad id="first" sequence="1"><InLine><AdTitle>1</AdTitle></InLine></Ad></VAST>
      """
    #expect(try VASTDocument.read(VASTFixtures.bytes(pod)).adToPlay?.id == "first")
  }
}
