import IntermissionVAST
import Testing

@Suite("VAST media and macros")
struct VASTPlayableAdTests {
  static func resolved(_ text: String) throws -> VASTResolvedAd {
    try VASTResolver { _ in .failure(VASTError(.wrapperTimeout, "no network")) }
      .resolve(VASTDocument.read(Array(text.utf8))).get()
  }

  /// The media file is chosen by attributes, not by order: a playable type without an API
  /// framework, the width nearest the view's within twice it, then the bitrate nearest 2,500.
  @Test func theMediaFileIsChosenByTypeWidthAndBitrate() throws {
    let ad = try VASTPlayableAd(
      VASTPlayableAdTests.resolved(VASTFixtures.inline()), playableTypes: ["video/mp4"], viewWidth: 960, maxDuration: 30
    )
    #expect(ad.mediaFile.url == "https://cdn.example.com/ad-720.mp4")
    let wide = try VASTPlayableAd(
      VASTPlayableAdTests.resolved(VASTFixtures.inline()), playableTypes: ["video/mp4"], viewWidth: 1920,
      maxDuration: 30)
    #expect(wide.mediaFile.url == "https://cdn.example.com/ad-1080.mp4")
    let files = [
      VASTMediaFile(url: "a", type: "video/mp4", width: 4000, height: 2000, bitrate: 2500),
      VASTMediaFile(url: "b", type: "video/mp4", width: 3000, height: 1500, bitrate: 9000),
    ]
    #expect(try VASTPlayableAd.chooseMediaFile(files, playableTypes: ["video/mp4"], viewWidth: 640).url == "b")
  }

  @Test func vpaidOnlyIs403AudioIs200AndTooLongIs202() throws {
    let vpaid = """
      <MediaFile delivery="progressive" type="application/javascript" apiFramework="VPAID"><![CDATA[https://cdn.example.com/v.js]]></MediaFile>
      <MediaFile delivery="progressive" type="video/mp4" apiFramework="VPAID"><![CDATA[https://cdn.example.com/v.mp4]]></MediaFile>
      """
    func code(_ text: String, maxDuration: Double = 30) throws -> Int? {
      let resolved = try VASTPlayableAdTests.resolved(text)
      do throws(VASTError) {
        _ = try VASTPlayableAd(resolved, playableTypes: ["video/mp4"], viewWidth: 960, maxDuration: maxDuration)
        return nil
      } catch {
        return error.code.rawValue
      }
    }
    #expect(try code(VASTFixtures.inline(mediaFiles: vpaid)) == 403)
    #expect(try code(VASTFixtures.inline(mediaFiles: "")) == 403)
    #expect(
      try code(
        VASTFixtures.inline(mediaFiles: #"<MediaFile type="video/x-flv"><![CDATA[https://c/a.flv]]></MediaFile>"#))
        == 403)
    #expect(try code(VASTFixtures.inline(adType: "audio")) == 200)
    #expect(try code(VASTFixtures.inline(duration: "00:00:45")) == 202)
    #expect(try code(VASTFixtures.inline(duration: "soon")) == 202)
    #expect(try code(VASTFixtures.inline()) == nil)
  }

  /// Each macro, percent-encoded; any other is -1, and so is one without a value.
  @Test func macrosAreFilledPercentEncodedAndUnknownOnesAreMinusOne() {
    var macros = VASTMacros()
    macros.errorCode = .noSupportedMedia
    macros.timestamp = "2026-12-01T20:59:23.110Z"
    macros.cacheBusting = "04817223"
    macros.playhead = 65.5
    macros.assetURI = "https://cdn.example.com/ad 720.mp4"
    macros.adServingID = "a/b"
    let url =
      "https://t.example.com/e?c=[ERRORCODE]&t=[TIMESTAMP]&r=[CACHEBUSTING]&p=[ADPLAYHEAD]&a=[ASSETURI]&s=[ADSERVINGID]&x=[CONTENTPLAYHEAD]&y=[not a macro]"
    #expect(
      macros.substitute(url)
        == "https://t.example.com/e?c=403&t=2026-12-01T20%3A59%3A23.110Z&r=04817223&p=00%3A01%3A05.500&a=https%3A%2F%2Fcdn.example.com%2Fad%20720.mp4&s=a%2Fb&x=-1&y=[not a macro]"
    )
    #expect(VASTMacros().substitute("https://t.example.com/e?c=[ERRORCODE]&[") == "https://t.example.com/e?c=-1&[")
    #expect(VASTMacros.clockText(3723.25) == "01:02:03.250")
  }
}
