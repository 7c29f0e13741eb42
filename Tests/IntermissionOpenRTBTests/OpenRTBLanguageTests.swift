import IntermissionAds
import IntermissionCore
import IntermissionOpenRTB
import Testing

/// The language of a bought ad's text (its bid's `langb` or `language`), and the device's language
/// in the request.
@Suite struct OpenRTBLanguageTests {
  func language(of extra: String) throws -> String? {
    let body =
      #"{"id":"req-1","seatbid":[{"seat":"s1","bid":[\#(OpenRTBTests.bid("b1", price: 1, more: extra))]}]}"#
    return try #require(try OpenRTBTests.decide(body).winner).language
  }

  @Test func aBidsLanguageIsItsLangbElseItsLanguage() throws {
    #expect(try language(of: #","language":"ja""#) == "ja")
    #expect(try language(of: #","langb":"zh-Hant","language":"zh""#) == "zh-Hant")
    #expect(try language(of: #","langb":"not a tag","language":"ar""#) == "ar", "a bad langb is passed over")
    #expect(try language(of: #","language":5"#) == nil)
    #expect(try language(of: "") == nil)
  }

  @Test func theRequestSaysTheDevicesLanguageAndItsTag() throws {
    let request = OpenRTBRequest(
      id: "req-1", transactionID: "tid-1", format: .banner, demand: try OpenRTBTests.demand(),
      consent: ConsentSignals(),
      device: .init(userAgent: "UA", width: 960, height: 640, language: "pt", languageTag: "pt-BR"), isTest: true)
    let body = request.body
    #expect(body.contains(#""language":"pt","langb":"pt-BR""#), "\(body)")
  }
}
