import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOpenRTB
import Testing

/// The auction's rules, without a network: a first-price auction said as such (`at` 1), price
/// floors sent and enforced (loss code 100), each bid judged on its own (a bad price or markup that
/// is not UTF-8 refuses that bid alone, with code 3), and the response's currency.
@Suite("OpenRTB auction rules")
struct AuctionRulesTests {
  static let floorsDemand = OpenRTBTests.demandText.replacingOccurrences(
    of: #""regs": { "coppa": 0 }"#, with: #""regs": { "coppa": 0 }, "floors": { "banner": 0.5, "rewarded": 8 }"#)

  static func request(_ format: AdFormat, demand: String = floorsDemand) throws -> OpenRTBRequest {
    OpenRTBRequest(
      id: "req-1", transactionID: "tid-1", format: format, demand: try OpenRTBTests.demand(demand),
      consent: ConsentSignals(),
      device: .init(userAgent: "Intermission/0.4.0 (Linux; x86_64)", width: 960, height: 640, language: "en"),
      isTest: true)
  }

  static func decide(_ body: String, request: OpenRTBRequest) throws -> OpenRTBAuction {
    try OpenRTBAuction.decide(status: 200, body: Array(body.utf8), request: request)
  }

  static func response(_ bids: String..., currency: String? = nil) -> String {
    let cur = currency.map { #","cur":"\#($0)""# } ?? ""
    return #"{"id":"req-1"\#(cur),"seatbid":[\#(bids.map { #"{"bid":[\#($0)]}"# }.joined(separator: ","))]}"#
  }

  @Test func theRequestSaysFirstPriceAndCarriesItsImpsFloor() throws {
    let rewarded = try StrictJSON.parse(Array(try Self.request(.rewarded).body.utf8))
    #expect(rewarded["at"] == .number(1))
    guard case .array(let imps)? = rewarded["imp"], let imp = imps.first else {
      Issue.record("no imp")
      return
    }
    #expect(imp["bidfloor"] == .number(8) && imp["bidfloorcur"] == .string("USD"))
    // A format without a floor, and a floor set to 0 at run time, send none.
    let interstitial = try StrictJSON.parse(Array(try Self.request(.interstitial).body.utf8))
    #expect(!interstitial.jsonText.contains("bidfloor") && interstitial["at"] == .number(1))
    var cleared = try Self.request(.banner)
    #expect(cleared.body.contains(#""bidfloor":0.5,"bidfloorcur":"USD""#))
    cleared.floor = 0
    #expect(!cleared.body.contains("bidfloor"))
  }

  @Test func aDemandFilesFloorsAreCPMsInUSDForFormatsThatHaveAPlacement() throws {
    #expect(try OpenRTBTests.demand(Self.floorsDemand).floors == [.banner: 0.5, .rewarded: 8])
    #expect(try OpenRTBTests.demand().floors.isEmpty)
    let placements = #""placements": { "banner": "menu-banner", "interstitial": "level-end", "rewarded": "bonus" }"#
    for (floors, message) in [
      (#"{"banner": -0.5}"#, "\"floors.banner\" must be a CPM in USD from 0 to 1000000"),
      (#"{"banner": 1e400}"#, "number out of range"),
      (#"{"banner": "0.5"}"#, "\"floors.banner\" must be a CPM in USD"),
      (#"{"video": 1}"#, "\"floors\": unknown format \"video\""),
      (#"[0.5]"#, "\"floors\" must be an object of price floors"),
    ] {
      let text = OpenRTBTests.demandText.replacingOccurrences(
        of: #""regs": { "coppa": 0 }"#, with: #""regs": { "coppa": 0 }, "floors": \#(floors)"#)
      #expect(throws: AdError.self) { try OpenRTBTests.demand(text) }
      do {
        _ = try OpenRTBTests.demand(text)
      } catch {
        #expect("\(error)".contains(message), "\(floors): \(error)")
      }
    }
    let bannerOnly = OpenRTBTests.demandText.replacingOccurrences(
      of: placements, with: #""placements": {"banner": "b"}"#
    )
    .replacingOccurrences(of: #""regs": { "coppa": 0 }"#, with: #""regs": { "coppa": 0 }, "floors": {"rewarded": 8}"#)
    do {
      _ = try OpenRTBTests.demand(bannerOnly)
      Issue.record("a floor for a format without a placement was taken")
    } catch {
      #expect("\(error)".contains("\"floors.rewarded\": the format has no placement"), "\(error)")
    }
  }

  @Test func aBidUnderTheFloorHearsCodeOneHundredAndTheNextBidWins() throws {
    let request = try Self.request(.banner)
    let body = Self.response(OpenRTBTests.bid("under", price: 0.3), OpenRTBTests.bid("over", price: 0.75))
    let auction = try Self.decide(body, request: request)
    #expect(auction.winner?.bidID == "over" && auction.winner?.price == 0.75)
    #expect(auction.losses.map(\.bidID) == ["under"] && auction.losses.map(\.code) == [100])
    #expect(auction.losses.first?.reason == OpenRTBAuction.belowFloor)
    #expect(auction.losses.first?.url == "https://w.example.com/loss?r=100&p=&b=")
    // A bid at the floor clears it; with every bid under it, there is no winner.
    #expect(try Self.decide(Self.response(OpenRTBTests.bid("at", price: 0.5)), request: request).winner?.bidID == "at")
    let none = try Self.decide(
      Self.response(OpenRTBTests.bid("a", price: 0.1), OpenRTBTests.bid("b", price: 0.49)), request: request)
    #expect(none.winner == nil && none.losses.map(\.code) == [100, 100])
    // The floor is the request's: one set at run time is the one applied.
    var raised = request
    raised.floor = 1
    let losing = try Self.decide(body, request: raised)
    #expect(losing.winner == nil && losing.losses.map(\.bidID) == ["over", "under"])
  }

  @Test func aBidWithABadPriceIsRefusedAloneAndTheValidSeatWins() throws {
    let request = try OpenRTBTests.request(.banner)
    for price in ["-5", #""1.0""#, "null"] {
      let bad = OpenRTBTests.bid("bad", price: 0).replacingOccurrences(of: #""price":0.0"#, with: #""price":\#(price)"#)
      let auction = try Self.decide(Self.response(OpenRTBTests.bid("good", price: 1), bad), request: request)
      #expect(auction.winner?.bidID == "good", "price \(price)")
      #expect(auction.losses.map(\.bidID) == ["bad"] && auction.losses.map(\.code) == [3], "price \(price)")
      #expect(auction.losses.first?.reason == #"the bid has no valid "price""#)
      #expect(auction.losses.first?.url == "https://w.example.com/loss?r=3&p=&b=")
    }
  }

  @Test func aBidPricedAboveTheLargestFloorIsRefusedAloneAsInvalid() throws {
    let request = try OpenRTBTests.request(.banner)
    let body = Self.response(
      OpenRTBTests.bid("huge", price: 9e15), OpenRTBTests.bid("good", price: 1),
      OpenRTBTests.bid("cap", price: PriceFloor.maximum))
    let auction = try Self.decide(body, request: request)
    #expect(auction.winner?.bidID == "cap" && auction.winner?.price == 1_000_000)
    // The valid bids wait in price order (the lower hears 102 only once the higher has loaded).
    #expect(auction.candidates.map(\.bidID) == ["cap", "good"])
    #expect(auction.losses.map(\.bidID) == ["huge"] && auction.losses.map(\.code) == [3])
    #expect(auction.losses.first?.reason == #"the bid's "price" is above 1000000.0, the largest CPM accepted"#)
    let alone = try Self.decide(Self.response(OpenRTBTests.bid("huge", price: 1_000_000.01)), request: request)
    #expect(alone.winner == nil && alone.losses.map(\.code) == [3])
  }

  @Test func markupThatIsNotUTF8RefusesItsBidAloneAndAManifestSaysWhere() throws {
    let request = try OpenRTBTests.request(.banner)
    let marker = "TITLE-BYTES"
    let bad = OpenRTBTests.bid("bad", price: 9, adm: OpenRTBTests.adm(title: marker))
    var body = Array(Self.response(bad, OpenRTBTests.bid("good", price: 1)).utf8)
    let at = try #require(body.firstRange(of: Array(marker.utf8)))
    body.replaceSubrange(at, with: [0x53, 0xFF, 0xFE, 0xC0, 0xAF])
    let auction = try OpenRTBAuction.decide(status: 200, body: body, request: request)
    #expect(auction.winner?.bidID == "good" && auction.winner?.ad?.title == "Starfall")
    #expect(auction.losses.map(\.code) == [3])
    #expect(auction.losses.first?.reason?.contains(#""adm" is not UTF-8 (line 1, column "#) == true)
    // Anywhere else in a response, the response is still read; in a manifest, it is refused.
    let manifest = Array(#"{"ads": [{"id": "a", "image": "a.png", "title": "S"#.utf8) + [0xFF] + Array(#""}]}"#.utf8)
    #expect(throws: AdError.self) { try AdManifest.parse(manifest, manifestPath: "/tmp/m.json") }
    do {
      _ = try AdManifest.parse(manifest, manifestPath: "/tmp/m.json")
    } catch {
      #expect("\(error)".contains("line 1, column 51: invalid UTF-8 in a string"), "\(error)")
    }
  }

  @Test func theResponsesCurrencyIsTheWinnersAndAFloorInAnotherIsNotComparedWithIt() throws {
    let plain = try OpenRTBTests.request(.banner)
    let euro = try Self.decide(Self.response(OpenRTBTests.bid("e", price: 2), currency: "EUR"), request: plain)
    #expect(euro.winner?.currency == "EUR")
    #expect(euro.winner?.billingNotice == "https://w.example.com/bill?p=2&c=EUR")
    let unsaid = try Self.decide(Self.response(OpenRTBTests.bid("u", price: 2)), request: plain)
    #expect(unsaid.winner?.currency == "USD")
    // A floor is in USD: a bid in euros cannot be shown to clear it.
    let floored = try Self.decide(
      Self.response(OpenRTBTests.bid("e", price: 2), currency: "EUR"), request: try Self.request(.banner))
    #expect(floored.winner == nil && floored.losses.map(\.code) == [3])
    #expect(floored.losses.first?.reason?.contains("in EUR") == true)
  }

  @Test func keptInvalidStringsSayWhereAndEverywhereElseTheDocumentIsRefused() throws {
    let bytes = Array(#"{"a": "ok", "b": "x"#.utf8) + [0xC0, 0xAF] + Array(#"y"}"#.utf8)
    let kept = try StrictJSON.parse(bytes, keepingInvalidStrings: true)
    #expect(kept["a"] == .string("ok"))
    #expect(
      kept["b"] == .invalidString(StrictJSON.SyntaxError(line: 1, column: 20, reason: "invalid UTF-8 in a string")))
    #expect(kept.jsonText == #"{"a":"ok","b":null}"#)
    #expect(throws: StrictJSON.SyntaxError(line: 1, column: 20, reason: "invalid UTF-8 in a string")) {
      try StrictJSON.parse(bytes)
    }
    // A member's name must be UTF-8 even so.
    let badKey = Array(#"{""#.utf8) + [0xFF] + Array(#"": 1}"#.utf8)
    #expect(throws: StrictJSON.SyntaxError.self) { try StrictJSON.parse(badKey, keepingInvalidStrings: true) }
  }
}
