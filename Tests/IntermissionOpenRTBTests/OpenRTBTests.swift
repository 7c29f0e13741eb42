import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOpenRTB
import Testing

/// OpenRTB 2.6 and Native 1.2, without a network: the demand file, the consent signals, the
/// request's every field, and the auction of a response (bid choice, refusals, loss codes, macros).
@Suite("OpenRTB")
struct OpenRTBTests {
  static let demandText = """
    { "openrtb": {
        "endpoint": "https://pbs.example.com/openrtb2/auction",
        "tmax": 800,
        "app": { "bundle": "com.example.mygame", "name": "My Game", "ver": "1.4.0", "publisher": "pub-123" },
        "placements": { "banner": "menu-banner", "interstitial": "level-end", "rewarded": "bonus" },
        "regs": { "coppa": 0 }, "reward": { "type": "coins", "amount": 50 } } }
    """

  static func demand(_ text: String = demandText) throws -> DemandFile {
    try DemandFile.parse(Array(text.utf8), path: "/tmp/demand.json")
  }

  static func request(_ format: AdFormat = .banner, consent: ConsentSignals = ConsentSignals(), test: Bool = true)
    throws
    -> OpenRTBRequest
  {
    OpenRTBRequest(
      id: "req-1", transactionID: "tid-1", format: format, demand: try demand(), consent: consent,
      device: .init(userAgent: "Intermission/0.4.0 (Linux; x86_64)", width: 960, height: 640, language: "en"),
      isTest: test)
  }

  // MARK: - Demand file and consent

  @Test func aDemandFileIsToldApartFromAManifestAndReadWhole() throws {
    #expect(DemandFile.isDemandFile(Array(Self.demandText.utf8)))
    #expect(!DemandFile.isDemandFile(Array(#"{"ads":[]}"#.utf8)))
    let demand = try Self.demand()
    #expect(demand.endpoint.description == "https://pbs.example.com/openrtb2/auction" && demand.tmax == 800)
    #expect(demand.app == .init(bundle: "com.example.mygame", name: "My Game", version: "1.4.0", publisher: "pub-123"))
    #expect(demand.placements == [.banner: "menu-banner", .interstitial: "level-end", .rewarded: "bonus"])
    #expect(demand.coppa == 0 && !demand.test && demand.fallback == nil)
    let local =
      #"{"openrtb": {"endpoint": "http://127.0.0.1:9/a", "app": {"bundle": "b", "name": "n"}, "#
      + #""placements": {"banner": "p"}, "fallback": "house/manifest.json", "test": true}}"#
    let loopback = try Self.demand(local)
    #expect(loopback.endpoint.scheme == "http" && loopback.test && loopback.tmax == DemandFile.defaultTmax)
    #expect(loopback.fallback == "/tmp/house/manifest.json")
  }

  @Test(arguments: [
    (#""endpoint": "http://pbs.example.com/a""#, "\"endpoint\" must be an https URL"),
    (#""endpoint": "ftp://x""#, "\"endpoint\" must be an https URL"),
    (#""tmax": 5"#, "\"tmax\" must be a whole number of milliseconds from 50 to 10000"),
    (#""tmax": 800.5"#, "\"tmax\" must be a whole number"),
    (#""placements": {}"#, "\"placements\" names no format"),
    (#""placements": {"video": "v"}"#, "unknown format \"video\""),
    (#""regs": {"coppa": 2}"#, "\"regs.coppa\" must be 0 or 1"),
    (#""regs": {"gdpr": 1}"#, "consent comes from the game at run time"),
    (#""test": "yes""#, "\"test\" must be true or false"),
    (#""fallback": "../house.json""#, "\"fallback\" must be a manifest inside the demand file's folder"),
    (#""fallback": "/etc/house.json""#, "\"fallback\" must be a manifest inside"),
    (#""bidfloor": 1"#, "unknown member \"bidfloor\""),
  ])
  func aBadDemandFileSaysWhichFieldIsWrong(field: String, message: String) throws {
    let key = String(field.split(separator: ":")[0].dropFirst().dropLast())
    var members = [
      #""endpoint": "https://pbs.example.com/a""#, #""app": {"bundle": "b", "name": "n"}"#,
      #""placements": {"banner": "p"}"#,
    ].filter { !$0.hasPrefix("\"\(key)\"") }
    members.append(field)
    let text = #"{"openrtb": {"# + members.joined(separator: ",") + "}}"
    do {
      _ = try DemandFile.parse(Array(text.utf8), path: "/tmp/d.json")
      Issue.record("accepted: \(text)")
    } catch {
      #expect(error.description.hasPrefix("malformed demand file /tmp/d.json: "), "\(error)")
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test func consentComesFromAFileOrFromCallsAndIsChecked() throws {
    let file = try ConsentSignals.parse(
      Array(
        #"{"gdpr": 1, "tcf": "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA", "usPrivacy": "1YNN", "gpp": "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA", "gppSid": [2, 6]}"#
          .utf8),
      name: "consent.json")
    #expect(file.gdpr == 1 && file.usPrivacy == "1YNN" && file.gppSid == [2, 6] && file.tcf?.hasPrefix("CPX") == true)
    #expect(try ConsentSignals.parse(Array(#"{"gppSid": "2, 6"}"#.utf8), name: "c").gppSid == [2, 6])
    let called = try ConsentSignals.checked(gdpr: -1, tcf: nil, usPrivacy: "", gpp: nil, gppSid: "7")
    #expect(called == ConsentSignals(gdpr: nil, gppSid: [7]), "-1 is unknown; an empty string is absent")
    for (text, message) in [
      (#"{"gdpr": 2}"#, "c.json: \"gdpr\" must be 0 or 1"), (#"{"tcf": 5}"#, "c.json: \"tcf\" must be a string"),
      (#"{"gppSid": "2,x"}"#, "c.json: \"gppSid\" must be section ids"), (#"[1]"#, "the top level is not an object"),
      (#"{"gpdr": 1}"#, "unknown member \"gpdr\""), ("{", "not valid JSON"),
      (#"{"usPrivacy": "1\u0007NN"}"#, "\"usPrivacy\" contains a control character"),
    ] {
      #expect(throws: ConsentSignals.Failure.self) { try ConsentSignals.parse(Array(text.utf8), name: "c.json") }
      do {
        _ = try ConsentSignals.parse(Array(text.utf8), name: "c.json")
      } catch {
        #expect(error.description.contains(message), "\(text): \(error)")
      }
    }
    #expect(throws: ConsentSignals.Failure.self) {
      try ConsentSignals.checked(gdpr: 2, tcf: nil, usPrivacy: nil, gpp: nil, gppSid: nil)
    }
  }

  // MARK: - The request

  @Test func theRequestCarriesEveryFieldAndNoIdentifier() throws {
    let consent = ConsentSignals(gdpr: 1, tcf: "TCF", usPrivacy: "1YNN", gpp: "GPP", gppSid: [2, 6])
    let body = try Self.request(.rewarded, consent: consent).body
    let native = try #require(
      StrictJSON.parse(Array(body.utf8))["imp"].flatMap { value -> String? in
        guard case .array(let imps) = value, case .string(let text)? = imps.first?["native"]?["request"] else {
          return nil
        }
        return text
      })
    #expect(
      native == #"{"ver":"1.2","plcmttype":4,"plcmtcnt":1,"assets":[{"id":1,"required":1,"title":{"len":90}},"#
        + #"{"id":2,"required":1,"img":{"type":3,"w":1280,"h":720,"wmin":320,"hmin":180,"mimes":["image/png","image/jpeg"]}},"#
        + #"{"id":3,"required":0,"data":{"type":2}},{"id":4,"required":0,"data":{"type":12}}],"#
        + #""eventtrackers":[{"event":1,"methods":[1]},{"event":2,"methods":[1]}]}"#)
    #expect(
      body
        == #"{"id":"req-1","imp":[{"id":"rewarded","tagid":"bonus","instl":1,"rwdd":1,"secure":1,"#
        + #""video":{"mimes":["video/mp4"],"minduration":5,"maxduration":60,"protocols":[2,3,5,6,7,8,11,12,13,14],"#
        + #""w":960,"h":640,"startdelay":0,"plcmt":3,"linearity":1,"skip":0,"playbackmethod":[1],"playbackend":1,"#
        + #""api":[]},"native":{"request":"#
        + TraceValue.quoted(native) + #","ver":"1.2"}}],"#
        + #""app":{"bundle":"com.example.mygame","name":"My Game","ver":"1.4.0","publisher":{"id":"pub-123"}},"#
        + #""device":{"ua":"Intermission/0.4.0 (Linux; x86_64)","os":"Linux","devicetype":2,"w":960,"h":640,"language":"en","js":0},"#
        + #""regs":{"coppa":0,"gdpr":1,"us_privacy":"1YNN","gpp":"GPP","gpp_sid":[2,6]},"user":{"consent":"TCF"},"#
        + #""at":1,"tmax":800,"cur":["USD"],"source":{"tid":"tid-1"},"test":1}"#)
    let banner = try Self.request(.banner, test: false).body
    #expect(banner.contains(#""imp":[{"id":"banner","tagid":"menu-banner","instl":0,"secure":1,"native":"#))
    // An interstitial may be skipped after its closeAfter; the demand file's video.maxDuration caps both.
    var capped = try Self.request(.interstitial)
    capped.demand.videoMaxDuration = 15
    capped.videoTypes = ["video/mp4", "video/webm"]
    #expect(
      capped.body.contains(
        #""video":{"mimes":["video/mp4","video/webm"],"minduration":5,"maxduration":15,"#
          + #""protocols":[2,3,5,6,7,8,11,12,13,14],"w":960,"h":640,"startdelay":0,"plcmt":3,"linearity":1,"#
          + #""skip":1,"skipafter":5,"playbackmethod":[1],"playbackend":1,"api":[]}"#), "\(capped.body)")
    var nativeOnly = try Self.request(.rewarded)
    nativeOnly.videoTypes = []
    #expect(!nativeOnly.body.contains("\"video\""), "no FFmpeg: native only")
    #expect(
      try Self.demand(
        Self.demandText.replacingOccurrences(
          of: #""regs": { "coppa": 0 },"#, with: #""regs": { "coppa": 0 }, "video": {"maxDuration": 20},"#)
      ).videoMaxDuration == 20)
    for bad in [#"{"maxDuration": 4}"#, #"{"maxDuration": 30.5}"#, #"{"max": 30}"#, "30"] {
      #expect(throws: AdError.self) {
        try Self.demand(
          Self.demandText.replacingOccurrences(
            of: #""regs": { "coppa": 0 },"#, with: #""regs": { "coppa": 0 }, "video": \#(bad),"#))
      }
    }
    #expect(banner.contains(#"\"plcmttype\":1"#) && banner.hasSuffix(#""test":0}"#))
    #expect(!banner.contains("\"user\"") && !banner.contains("gdpr"), "no consent known, none sent")
    var stored = try Self.request(.interstitial)
    stored.demand.storedAuctionResponses = [.interstitial: "pbs-stored-1"]
    #expect(stored.body.contains(#""ver":"1.2"},"ext":{"prebid":{"storedauctionresponse":{"id":"pbs-stored-1"}}}}]"#))
    let parsed = try Self.demand(
      Self.demandText.replacingOccurrences(
        of: #""regs": { "coppa": 0 },"#, with: #""regs": { "coppa": 0 }, "storedAuctionResponses": {"banner": "s-1"},"#)
    )
    #expect(parsed.storedAuctionResponses == [.banner: "s-1"])
    for forbidden in ["ifa", "\"ip\"", "geo", "buyeruid", "didsha1", "dpidmd5", "macsha1"] {
      #expect(!body.contains(forbidden), "no identifier: \(forbidden)")
    }
  }

  @Test func theLanguageComesFromTheLocale() {
    #expect(OpenRTBRequest.language(ofLocale: "de_DE.UTF-8") == "de")
    #expect(OpenRTBRequest.language(ofLocale: "fr") == "fr")
    #expect(OpenRTBRequest.language(ofLocale: "C.UTF-8") == nil)
    #expect(OpenRTBRequest.language(ofLocale: "POSIX") == nil)
    #expect(OpenRTBRequest.language(ofLocale: nil) == nil)
  }

  // MARK: - The response

  static func adm(
    title: String? = "Starfall", image: String? = "https://cdn.example.com/s.png", extra: String = ""
  ) -> String {
    var assets: [String] = []
    if let title { assets.append(#"{"id":1,"title":{"text":"\#(title)"}}"#) }
    if let image { assets.append(#"{"id":2,"img":{"url":"\#(image)","w":1456,"h":180}}"#) }
    assets.append(#"{"id":3,"data":{"value":"Thirty missions."}}"#)
    assets.append(#"{"id":4,"data":{"value":"Play now"}}"#)
    return
      #"{"ver":"1.2","assets":[\#(assets.joined(separator: ","))],"link":{"url":"https://example.com/go","clicktrackers":["https://t.example.com/c?p=${AUCTION_PRICE}"]},"#
      + #""imptrackers":["https://t.example.com/legacy"],"eventtrackers":[{"event":1,"method":1,"url":"https://t.example.com/e1?a=${AUCTION_ID}"},{"event":2,"method":1,"url":"https://t.example.com/e2"},{"event":2,"method":2,"url":"https://t.example.com/js"}]\#(extra)}"#
  }

  static func bid(_ id: String, price: Double, impid: String = "banner", adm: String = adm(), more: String = "")
    -> String
  {
    #"{"id":"\#(id)","impid":"\#(impid)","price":\#(price),"adm":\#(TraceValue.quoted(adm)),"#
      + #""nurl":"https://w.example.com/win?p=${AUCTION_PRICE}&i=${AUCTION_IMP_ID}","#
      + #""burl":"https://w.example.com/bill?p=${AUCTION_PRICE}&c=${AUCTION_CURRENCY}","#
      + #""lurl":"https://w.example.com/loss?r=${AUCTION_LOSS}&p=${AUCTION_PRICE}&b=${AUCTION_BID_ID}"\#(more)}"#
  }

  static func decide(_ body: String, status: Int = 200, format: AdFormat = .banner) throws -> OpenRTBAuction {
    try OpenRTBAuction.decide(status: status, body: Array(body.utf8), request: try request(format))
  }

  @Test func oneBidWinsWithItsNoticesAndMacrosSubstituted() throws {
    let auction = try Self.decide(
      #"{"id":"req-1","bidid":"resp-9","seatbid":[{"seat":"s1","bid":[\#(Self.bid("b1", price: 1.25))]}]}"#)
    let winner = try #require(auction.winner)
    #expect(winner.bidID == "b1" && winner.seat == "s1" && winner.price == 1.25 && auction.losses.isEmpty)
    #expect(winner.winNotice == "https://w.example.com/win?p=1.25&i=banner")
    #expect(winner.billingNotice == "https://w.example.com/bill?p=1.25&c=USD")
    #expect(winner.lifetime == OpenRTBAuction.bannerLifetime)
    let ad = try #require(winner.ad)
    #expect(ad.title == "Starfall" && ad.imageURL == "https://cdn.example.com/s.png" && ad.imageWidth == 1456)
    #expect(
      ad.description == "Thirty missions." && ad.callToAction == "Play now" && ad.linkURL == "https://example.com/go")
    #expect(ad.clickTrackers == ["https://t.example.com/c?p=1.25"])
    #expect(ad.shownTrackers == ["https://t.example.com/e1?a=req-1"])
    #expect(
      ad.viewableTrackers == ["https://t.example.com/legacy", "https://t.example.com/e2"], "no JavaScript tracker")
  }

  @Test func aVideoBidCarriesItsVASTAndItsKindByMtypeOrByItsMarkup() throws {
    let vast = #"<VAST version="4.2"><Ad id="v"><InLine><AdTitle>p=${AUCTION_PRICE}</AdTitle></InLine></Ad></VAST>"#
    func one(_ bid: String, format: AdFormat = .rewarded) throws -> OpenRTBAuction {
      try Self.decide(#"{"id":"req-1","seatbid":[{"bid":[\#(bid)]}]}"#, format: format)
    }
    let declared = try #require(
      one(Self.bid("v1", price: 2, impid: "rewarded", adm: vast, more: #","mtype":2"#)).winner)
    #expect(declared.markupType == .video && declared.ad == nil && !declared.markupFromWinNotice)
    #expect(declared.vast?.contains("<AdTitle>p=2</AdTitle>") == true, "the auction's macros replaced in the VAST")
    let sniffed = try #require(one(Self.bid("v2", price: 1, impid: "rewarded", adm: "  \n" + vast)).winner)
    #expect(sniffed.markupType == .video, "XML without mtype is VAST")
    let native = try #require(one(Self.bid("n1", price: 1, impid: "rewarded", more: #","mtype":4"#)).winner)
    #expect(native.markupType == .native && native.ad != nil)
    // No adm: the markup is the win notice's body, fetched when the ad loads.
    let fromNotice =
      #"{"id":"w1","impid":"rewarded","price":1,"mtype":2,"nurl":"https://w.example.com/vast?p=${AUCTION_PRICE}"}"#
    let deferred = try #require(one(fromNotice).winner)
    #expect(
      deferred.markupFromWinNotice && deferred.vast == nil && deferred.winNotice == "https://w.example.com/vast?p=1")
    // Refused, loss code 3: a video for a banner imp, an unknown mtype, no markup at all.
    let refusals = [
      (try one(Self.bid("b", price: 1, adm: vast, more: #","mtype":2"#), format: .banner), "asked for no video"),
      (try one(Self.bid("m", price: 1, impid: "rewarded", adm: vast, more: #","mtype":1"#)), "\"mtype\" must be 2"),
      (try one(#"{"id":"x","impid":"rewarded","price":1,"mtype":2}"#), "no \"nurl\" to fetch"),
      (try one(#"{"id":"y","impid":"rewarded","price":1,"nurl":"https://w.example.com/n"}"#), "neither \"adm\" nor"),
    ]
    for (auction, reason) in refusals {
      #expect(auction.winner == nil && auction.losses.first?.code == 3, "\(reason)")
      #expect(
        auction.losses.first?.reason?.contains(reason) == true, "\(String(describing: auction.losses.first?.reason))")
    }
  }

  @Test func theHighestPriceAcrossSeatsWinsAndTheOthersWaitInPriceOrder() throws {
    let body =
      #"{"id":"req-1","bidid":"r","seatbid":[{"seat":"a","bid":[\#(Self.bid("low", price: 0.5)),\#(Self.bid("high", price: 2))]},"#
      + #"{"seat":"b","bid":[\#(Self.bid("mid", price: 1.5))]}]}"#
    let auction = try Self.decide(body)
    #expect(auction.winner?.bidID == "high")
    // Each valid bid is a candidate, tried in turn should the one before fail to load; none has
    // lost yet, so none hears 102 from the auction alone.
    #expect(auction.candidates.map(\.bidID) == ["high", "mid", "low"] && auction.losses.isEmpty)
    let mid = auction.candidates[1]
    #expect(mid.loss(102).url == "https://w.example.com/loss?r=102&p=&b=r", "the winning price is not disclosed")
    #expect(mid.loss(102).bidID == "mid" && mid.loss(102).code == 102 && mid.loss(102).reason == nil)
    #expect(mid.loss(3, reason: "no image").url == "https://w.example.com/loss?r=3&p=&b=r")
    #expect(mid.loss(3, reason: "no image").reason == "no image")
  }

  @Test func aBadBidBelowTheWinnerIsRefusedToo() throws {
    // Every bid is judged, not only those above the winner: a bad runner-up could never be tried.
    let body =
      #"{"id":"req-1","seatbid":[{"bid":[\#(Self.bid("good", price: 2)),\#(Self.bid("bad", price: 1, adm: "{x"))]}]}"#
    let auction = try Self.decide(body)
    #expect(auction.candidates.map(\.bidID) == ["good"])
    #expect(auction.losses.map(\.bidID) == ["bad"] && auction.losses.map(\.code) == [3])
  }

  @Test func aBadBidIsRefusedWithCodeThreeAndTheNextBestIsTried() throws {
    let cases: [(String, String)] = [
      (Self.bid("bad", price: 9, adm: "{not json"), "adm is not Native 1.2 JSON"),
      (Self.bid("bad", price: 9, adm: Self.adm(title: nil)), "the required title (asset 1) is missing"),
      (Self.bid("bad", price: 9, adm: Self.adm(image: nil)), "the required main image (asset 2) is missing"),
      (Self.bid("bad", price: 9, impid: "rewarded"), "the bid's \"impid\" is not the imp's (banner)"),
      (Self.bid("bad", price: 9, adm: Self.adm(image: "http://cdn.example.com/s.png")), "the main image must be https"),
      (
        Self.bid("bad", price: 9, adm: Self.adm(image: "https://192.168.1.10/s.png")), "points at a private or loopback"
      ),
      (Self.bid("bad", price: 9, adm: Self.adm(extra: #","imptrackers":["https://10.0.0.1/t"]"#)), ""),
      (Self.bid("bad", price: 9, more: #","exp":0"#), "\"exp\" must be 1 to 86400 seconds"),
    ]
    for (bad, reason) in cases {
      let body = #"{"id":"req-1","seatbid":[{"bid":[\#(bad),\#(Self.bid("good", price: 1))]}]}"#
      let auction = try Self.decide(body)
      #expect(auction.winner?.bidID == "good", "\(reason)")
      #expect(auction.losses.map(\.code) == [3], "\(reason)")
      #expect(auction.losses.first?.url == "https://w.example.com/loss?r=3&p=&b=", "\(reason)")
      if !reason.isEmpty { #expect(auction.losses.first?.reason?.contains(reason) == true, "\(auction.losses)") }
    }
  }

  @Test func noFillIs204OrNoBidsAndTheNoBidReasonIsKept() throws {
    #expect(try Self.decide("", status: 204).winner == nil)
    #expect(try Self.decide(#"{"id":"req-1","seatbid":[]}"#).winner == nil)
    let nbr = try Self.decide(#"{"id":"req-1","nbr":2}"#)
    #expect(nbr.winner == nil && nbr.noBidReason == 2)
    #expect(throws: OpenRTBAuction.Malformed.self) { try Self.decide(#"{"id":"other"}"#) }
    for currency in [#""eur""#, #""EURO""#, "978", #""""#] {
      #expect(throws: OpenRTBAuction.Malformed.self) { try Self.decide(#"{"id":"req-1","cur":\#(currency)}"#) }
    }
    #expect(throws: OpenRTBAuction.Malformed.self) { try Self.decide("{", status: 200) }
    #expect(throws: OpenRTBAuction.Malformed.self) { try Self.decide("", status: 500) }
  }

  @Test func aFullscreenBidLivesAnHourUnlessItSaysOtherwise() throws {
    let body = #"{"id":"req-1","seatbid":[{"bid":[\#(Self.bid("f", price: 1, impid: "interstitial"))]}]}"#
    #expect(try Self.decide(body, format: .interstitial).winner?.lifetime == OpenRTBAuction.fullscreenLifetime)
    let timed =
      #"{"id":"req-1","seatbid":[{"bid":[\#(Self.bid("f", price: 1, impid: "interstitial", more: #","exp":90"#))]}]}"#
    #expect(try Self.decide(timed, format: .interstitial).winner?.lifetime == 90)
  }

  @Test func macrosArePercentEncodedAndTheirEncodedFormsReplacedToo() {
    let macros = AuctionMacros(
      auctionID: "a b", bidID: "r", impID: "banner", seatID: "s&1", adID: nil, price: 0.35, currency: "USD")
    #expect(
      macros.substitute("https://x/?a=${AUCTION_ID}&s=${AUCTION_SEAT_ID}&d=${AUCTION_AD_ID}&p=%24%7BAUCTION_PRICE%7D")
        == "https://x/?a=a%20b&s=s%261&d=&p=0.35")
    #expect(macros.losing(2).substitute("https://x/?l=${AUCTION_LOSS}&p=${AUCTION_PRICE}") == "https://x/?l=2&p=")
  }

  @Test func privateAndLoopbackAddressesAreKnown() {
    for host in [
      "127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.0.1", "169.254.1.1", "0.0.0.0", "100.64.0.1", "[::1]", "::1",
      "fd00::1", "fe80::1", "::ffff:10.0.0.1", "224.0.0.1",
    ] {
      #expect(WebURL.isPrivateAddress(host), "\(host)")
    }
    for host in ["8.8.8.8", "172.32.0.1", "2001:4860:4860::8888", "example.com", "[2606:4700::1111]"] {
      #expect(!WebURL.isPrivateAddress(host), "\(host)")
    }
    #expect(
      WebURL.isLoopbackHost("localhost") && WebURL.isLoopbackHost("127.9.9.9") && !WebURL.isLoopbackHost("10.0.0.1"))
  }
}
