import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOpenRTB
import IntermissionTestSupport
import Testing

/// Seeded fuzzing of bid responses and their native markup: 2,000 responses built from good and
/// hostile parts, some mangled byte by byte. Whatever comes, the auction ends in a response refused
/// as a whole, or in at most one winner whose ad is valid and every other bid's loss notice.
@Suite("Bid response fuzzing")
struct BidResponseFuzzTests {
  static let seed: UInt64 = 0x1A7E_2026_0022_0001
  static let cases = 2000

  struct Generator {
    var random = SeededGenerator(seed: BidResponseFuzzTests.seed)

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &random)] }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    mutating func url() -> String {
      if chance(0.85) {
        return pick([
          "https://cdn.example.com/a.png", "https://t.example.com/t?p=${AUCTION_PRICE}&l=${AUCTION_LOSS}",
          "https://t.example.com/%24%7BAUCTION_ID%7D",
        ])
      }
      return pick([
        "https://cdn.example.com/a.png", "https://t.example.com/t?p=${AUCTION_PRICE}&l=${AUCTION_LOSS}",
        "http://cdn.example.com/a.png", "https://10.0.0.1/x", "https://[::1]/x", "https://127.0.0.1/x",
        "javascript:alert(1)", "file:///etc/passwd", "https://exa mple.com/", "",
        "https://%24%7BAUCTION_ID%7D.example.com/",
        "https://t.example.com/" + String(repeating: "a", count: Int.random(in: 0..<3000, using: &random)),
      ])
    }

    mutating func value() -> String {
      pick(["1", "-1", "0", "1e308", "2.5", "null", "true", "[]", "{}", #""x""#, #""""#, #""\u0000""#, "\"\(url())\""])
    }

    mutating func adm() -> String {
      var assets: [String] = []
      if chance(0.9) { assets.append(#"{"id":1,"title":{"text":\#(chance(0.8) ? #""Title""# : value())}}"#) }
      if chance(0.9) { assets.append(#"{"id":2,"img":{"url":"\#(url())","w":\#(value()),"h":\#(value())}}"#) }
      if chance(0.5) { assets.append(#"{"id":3,"data":{"value":\#(value())}}"#) }
      if chance(0.5) { assets.append(#"{"id":\#(pick(["4", "1", "2", "99"])),"data":{"value":"Go"}}"#) }
      var members = [#""assets":[\#(assets.joined(separator: ","))]"#]
      if chance(0.9) { members.append(#""link":{"url":"\#(url())","clicktrackers":["\#(url())"]}"#) }
      if chance(0.5) {
        members.append(
          #""imptrackers":[\#((0..<Int.random(in: 0..<(chance(0.9) ? 3 : 20), using: &random)).map { _ in "\"\(url())\"" }.joined(separator: ","))]"#
        )
      }
      if chance(0.5) {
        members.append(
          #""eventtrackers":[{"event":\#(pick(["1", "2", "3", "x"])),"method":\#(pick(["1", "2"])),"url":"\#(url())"}]"#
        )
      }
      let text = "{" + members.joined(separator: ",") + "}"
      return chance(0.1) ? #"{"native":\#(text)}"# : text
    }

    mutating func bid(_ index: Int) -> String {
      var members = [
        #""id":"b\#(index)""#, #""impid":"\#(chance(0.85) ? "banner" : pick(["other", ""]))""#,
        #""price":\#(chance(0.98) ? String(Double(Int.random(in: 0..<500, using: &random)) / 100) : value())"#,
        #""adm":\#(chance(0.9) ? TraceValue.quoted(adm()) : value())"#,
      ]
      for key in ["nurl", "burl", "lurl"] where chance(0.7) { members.append(#""\#(key)":"\#(url())""#) }
      if chance(0.3) { members.append(#""exp":\#(value())"#) }
      return "{" + members.shuffled(using: &random).joined(separator: ",") + "}"
    }

    mutating func response() -> [UInt8] {
      var seats: [String] = []
      var index = 0
      for _ in 0..<Int.random(in: 0..<4, using: &random) {
        var bids: [String] = []
        for _ in 0..<Int.random(in: 0..<5, using: &random) {
          bids.append(bid(index))
          index += 1
        }
        seats.append(#"{"seat":"s\#(seats.count)","bid":[\#(bids.joined(separator: ","))]}"#)
      }
      var members = [#""id":"\#(chance(0.95) ? "req-1" : "other")""#, #""seatbid":[\#(seats.joined(separator: ","))]"#]
      if chance(0.2) { members.append(#""nbr":\#(value())"#) }
      if chance(0.1) { members.append(#""cur":\#(value())"#) }
      var bytes = Array(("{" + members.joined(separator: ",") + "}").utf8)
      if chance(0.1), !bytes.isEmpty {
        for _ in 0..<Int.random(in: 1..<8, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        }
      }
      return bytes
    }
  }

  @Test func anyResponseEndsInValidCandidatesInPriceOrderAndALossNoticeForEveryRefusedBid() throws {
    let demand = try DemandFile.parse(
      Array(
        #"{"openrtb": {"endpoint": "https://pbs.example.com/a", "app": {"bundle": "b", "name": "n"}, "placements": {"banner": "p"}}}"#
          .utf8), path: "/tmp/d.json")
    let request = OpenRTBRequest(
      id: "req-1", transactionID: "t", format: .banner, demand: demand, consent: ConsentSignals(),
      device: .init(userAgent: "u", width: 960, height: 640, language: nil), isTest: true)
    var generator = Generator()
    var outcomes: [String: Int] = [:]
    for index in 0..<Self.cases {
      let body = generator.response()
      let label = "case \(index) (seed \(Self.seed)): \(String(decoding: body.prefix(400), as: UTF8.self))"
      let auction: OpenRTBAuction
      do {
        auction = try OpenRTBAuction.decide(status: 200, body: body, request: request)
      } catch {
        outcomes["malformed", default: 0] += 1
        continue
      }
      let bids = auction.losses.count + auction.candidates.count
      // The auction alone refuses (3); who lost to a higher bid (102) is known only once one loads.
      #expect(auction.losses.allSatisfy { $0.code == 3 && $0.reason != nil }, "\(label)")
      #expect(zip(auction.candidates, auction.candidates.dropFirst()).allSatisfy { $0.price >= $1.price }, "\(label)")
      for loss in auction.losses {
        if let url = loss.url {
          #expect(url.hasPrefix("https://") && !url.contains("${AUCTION_"), "\(label): \(url)")
          #expect(WebURL.scope(of: WebURL(url)!.host) == .public, "\(label): \(url)")
        }
      }
      guard !auction.candidates.isEmpty else {
        outcomes[bids == 0 ? "no bids" : "all refused", default: 0] += 1
        continue
      }
      outcomes["won", default: 0] += 1
      // Bids without a valid price rank last, each refused on its own.
      let unpriced = auction.losses.filter { $0.reason == #"the bid has no valid "price""# }.map(\.bidID)
      #expect(auction.losses.suffix(unpriced.count).map(\.bidID) == unpriced, "\(label)")
      for winner in auction.candidates {
        // A banner imp asks for native only: every candidate is a native ad with its markup.
        guard let ad = winner.ad else {
          Issue.record("a banner bid won without native markup: \(label)")
          continue
        }
        let urls =
          [ad.imageURL] + ad.clickTrackers + ad.shownTrackers + ad.viewableTrackers
          + [winner.winNotice, winner.billingNotice, winner.loss(102).url].compactMap { $0 }
        for url in urls {
          #expect(url.hasPrefix("https://") && !url.contains("${AUCTION_"), "\(label): \(url)")
          #expect(WebURL(url).map { WebURL.scope(of: $0.host) == .public } == true, "\(label): \(url)")
        }
        #expect(!ad.title.isEmpty && ad.title.count <= 90 && winner.price >= 0 && winner.lifetime >= 1, "\(label)")
      }
    }
    #expect(
      outcomes == ["won": 453, "all refused": 643, "no bids": 489, "malformed": 415],
      "the seed's outcomes, each generated: \(outcomes)")
  }
}
