import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionNet
import IntermissionOpenRTB
import IntermissionOverlay
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// Ads bought over OpenRTB 2.6 from the loopback responder (`Tests/Servers/openrtb.py`), the real
/// program headless on the fixed step: the request's every field, the auction's outcome in the
/// trace, and every notice and tracker at the responder, once each, exactly as the buyer wrote it.
@Suite("Ads over OpenRTB")
struct OpenRTBDeliveryTests {
  static let headless = ["--headless", "--fixed-step", "--no-audio"]

  /// Runs the program on `responder`'s demand file for `seconds` with `script`; returns the trace.
  func run(
    _ responder: OpenRTBResponder, _ runner: ProgramRunner, seconds: Double = 3, script: String = "",
    arguments: [String] = [], trace: String = "t.jsonl", placements: String = #"{"banner": "menu-banner"}"#,
    members: String = ""
  ) throws -> (result: ProgramRunner.Result, trace: [String]) {
    let demand = try responder.writeDemandFile(in: runner.folder, placements: placements, members: members)
    let scriptPath = try runner.write("s.txt", script)
    let result = try runner.run(
      Self.headless + [
        "--ads", demand, "--seconds", String(seconds), "--script", scriptPath, "--trace", runner.path(trace),
        "--beacons", runner.path("beacons.sqlite"),
      ] + arguments)
    return (result, try runner.traceLines(trace))
  }

  /// The lines of `trace` whose event is in `events`, as `frame event detail`.
  func summary(_ runner: ProgramRunner, _ trace: String = "t.jsonl") throws -> [String] {
    try runner.traceSummary(trace, fields: ["id", "error", "kind", "reason"]) { event, _ in
      [
        "ad.loaded", "ad.failed", "banner.shown", "impression", "banner.clicked", "beacon.sent", "beacon.dropped",
        "bid.refused",
      ]
      .contains(event)
    }
  }

  @Test func oneBidIsShownAndEveryNoticeArrivesOnceAtItsMoment() throws {
    let responder = try OpenRTBResponder()
    let runner = try ProgramRunner()
    let consent = try runner.write(
      "consent.json",
      #"{"gdpr": 1, "tcf": "\#(ConsentFixtures.tcString)", "usPrivacy": "1YNN", "#
        + #""gpp": "\#(ConsentFixtures.gppString)", "gppSid": [2, 6]}"#)
    let (result, lines) = try run(
      responder, runner, seconds: 3, script: "2.0 click 480 595\n2.5 key Escape\n", arguments: ["--consent", consent])
    #expect(result.status == 0, "\(result.stderr)")
    // The bought impression's value, right after it: the bid's own price, a first-price auction's.
    let impression = try #require(lines.firstIndex { $0.contains(#""event":"impression""#) }, "\(lines)")
    #expect(
      lines[impression + 1].hasSuffix(
        #""event":"ad.revenue","format":"banner","id":"b1","source":"openrtb","seat":"alpha","crid":"c-b1","#
          + #""cpm":1.250000,"revenue":"0.001250","currency":"USD","precision":"exact"}"#), "\(lines[impression + 1])")
    // Shown at frame 30: the win notice and the event-1 tracker; viewable from 38, so the
    // impression at 98 brings the billing notice, the legacy imptracker and the event-2 tracker
    // (not the JavaScript one); the click at 120 its click tracker.
    #expect(
      try summary(runner) == [
        "30 ad.loaded b1", "30 banner.shown loaded", "30 beacon.sent b1 win", "30 beacon.sent b1 tracker",
        "98 impression b1", "98 beacon.sent b1 billing", "98 beacon.sent b1 tracker", "98 beacon.sent b1 tracker",
        "120 banner.clicked b1", "120 beacon.sent b1 tracker",
      ])
    let requests = responder.bidRequests
    try #require(requests.count == 1, "one request: the banner rotates after 30 s: \(responder.requests)")
    let request = try #require(requests.first?.json)
    let requestID = try #require(request["id"] as? String)
    #expect(RandomUUID.isWellFormed(requestID))
    #expect(requests.first?.headers == ["content-type": "application/json", "x-openrtb-version": "2.6"])
    #expect(request["test"] as? Int == 1, "headless: test traffic")
    #expect(request["tmax"] as? Int == 800 && request["cur"] as? [String] == ["USD"])
    let source = try #require(request["source"] as? [String: Any])
    #expect((source["tid"] as? String).map(RandomUUID.isWellFormed) == true && source["tid"] as? String != requestID)
    let app = try #require(request["app"] as? [String: Any])
    #expect(app["bundle"] as? String == "com.example.mygame" && app["name"] as? String == "My Game")
    #expect(app["ver"] as? String == "1.4.0" && (app["publisher"] as? [String: Any])?["id"] as? String == "pub-123")
    let device = try #require(request["device"] as? [String: Any])
    #expect(Set(device.keys).isSubset(of: ["ua", "os", "devicetype", "w", "h", "language", "js"]), "no identifier")
    #expect(device["os"] as? String == "Linux" && device["devicetype"] as? Int == 2 && device["js"] as? Int == 0)
    #expect(device["w"] as? Int == 960 && device["h"] as? Int == 640)
    #expect((device["ua"] as? String)?.hasPrefix("Intermission/\(ProgramVersion.string) (Linux; ") == true)
    let regs = try #require(request["regs"] as? [String: Any])
    #expect(regs["coppa"] as? Int == 0 && regs["gdpr"] as? Int == 1 && regs["us_privacy"] as? String == "1YNN")
    #expect(regs["gpp"] as? String == ConsentFixtures.gppString && regs["gpp_sid"] as? [Int] == [2, 6])
    #expect((request["user"] as? [String: Any])?["consent"] as? String == ConsentFixtures.tcString)
    let imps = try #require(request["imp"] as? [[String: Any]])
    let imp = try #require(imps.first)
    #expect(imps.count == 1 && imp["id"] as? String == "banner" && imp["tagid"] as? String == "menu-banner")
    #expect(imp["instl"] as? Int == 0 && imp["secure"] as? Int == 1 && imp["rwdd"] == nil)
    let native = try #require(imp["native"] as? [String: Any])
    #expect(native["ver"] as? String == "1.2" && (native["request"] as? String)?.contains(#""plcmttype":1"#) == true)
    let notices = responder.notices
    #expect(
      notices.map(\.line) == [
        "/win?b=b1&p=1.25", "/event1?a=\(requestID)", "/bill?b=b1&p=1.25&c=USD", "/imp?p=1.25", "/event2?i=banner",
        "/click?p=1.25",
      ], "each once, byte for byte as the buyer wrote it, its macros replaced: no nonce or ts of ours")
  }

  /// The whole trace of `runner`'s run, byte for byte but for the responder's port (`PORT`).
  func exactTrace(_ runner: ProgramRunner, _ responder: OpenRTBResponder, _ trace: String = "t.jsonl") throws
    -> [String]
  {
    try runner.traceLines(trace).map {
      // A beacon's nonce is a fresh UUID each run.
      $0.replacingOccurrences(of: ":\(responder.port)/", with: ":PORT/")
        .replacingOccurrences(of: #","nonce":"[0-9a-f-]{36}""#, with: "", options: .regularExpression)
    }
  }

  /// A trace line of `frame` (at 60 frames a second) with the members `rest`.
  static func line(_ frame: Int, _ rest: String) -> String {
    #"{"frame":\#(frame),"time":\#(String(format: "%.6f", Double(frame) / 60)),"# + rest + "}"
  }

  /// The first lines of a one-second headless run of the menu, and its last.
  static let started = [
    line(0, #""event":"host.started","width":960,"height":640,"fps":60,"fixedStep":true,"ads":true,"language":"en""#),
    line(0, #""event":"scene.entered","name":"Menu""#),
  ]
  static let stopped = line(60, #""event":"host.stopped","reason":"seconds","detail":"1.000000""#)

  /// The trace of a one-second run whose banner shows `winner`'s bid from frame 30 (viewable from
  /// 38): a `refused` bid traced in that frame, and the notices sent in it, the winner's, then the
  /// `losers`' loss notices.
  static func shownTrace(winner: String, refused: (id: String, reason: String)? = nil, losers: [String]) -> [String] {
    let refusal = refused.map {
      [line(30, #""event":"bid.refused","id":""# + $0.id + #"","reason":""# + $0.reason + "\"")]
    }
    return started + [
      line(30, #""event":"ad.loaded","id":""# + winner + "\""), line(30, #""event":"banner.shown","reason":"loaded""#),
    ] + (refusal ?? []) + [
      line(30, #""event":"beacon.sent","kind":"win","id":""# + winner + #"","status":204"#),
      line(30, #""event":"beacon.sent","kind":"tracker","id":""# + winner + #"","status":204"#),
    ] + losers.map { line(30, #""event":"beacon.sent","kind":"loss","id":""# + $0 + #"","status":204"#) } + [
      line(38, #""event":"viewable.start","id":""# + winner + "\""), stopped,
    ]
  }

  /// Checks that the responder had one bid request, test traffic for the banner's placement.
  func expectOneTestRequestForTheBanner(
    _ responder: OpenRTBResponder, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let requests = responder.bidRequests
    #expect(requests.count == 1, "\(requests.map(\.path))", sourceLocation: sourceLocation)
    let request = try #require(requests.first, "no bid request", sourceLocation: sourceLocation)
    let body = try #require(request.json, "the bid request's body is not a JSON object", sourceLocation: sourceLocation)
    #expect(
      request.headers == ["content-type": "application/json", "x-openrtb-version": "2.6"],
      sourceLocation: sourceLocation)
    #expect(body["test"] as? Int == 1 && body["tmax"] as? Int == 800, sourceLocation: sourceLocation)
    let imp = (body["imp"] as? [[String: Any]])?.first
    #expect(
      imp?["id"] as? String == "banner" && imp?["tagid"] as? String == "menu-banner", sourceLocation: sourceLocation)
  }

  @Test func theHighestOfSeveralBidsWinsAndTheOthersGetTheirLossNotices() throws {
    let responder = try OpenRTBResponder(case: "several")
    let runner = try ProgramRunner()
    let (result, _) = try run(responder, runner, seconds: 1)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    #expect(
      try exactTrace(runner, responder)
        == Self.shownTrace(winner: "high", losers: ["mid", "low"]))
    try expectOneTestRequestForTheBanner(responder)
    let requestID = try #require(responder.bidRequests.first?.json?["id"] as? String)
    #expect(
      responder.notices.map(\.line) == [
        "/win?b=high&p=2", "/event1?a=\(requestID)", "/loss?b=mid&r=102&p=", "/loss?b=low&r=102&p=",
      ], "the winner's notices; the price is not disclosed to losers")
  }

  @Test(arguments: [
    ("bad-adm", #"adm is not Native 1.2 JSON (line 1, column 2: expected a member name in double quotes)"#),
    ("missing-asset", "adm: the required title (asset 1) is missing"),
    ("wrong-impid", #"the bid's \"impid\" is not the imp's (banner)"#),
    ("private", "imptrackers points at a private or loopback address: 10.0.0.1"),
  ])
  func aBadBidIsRefusedWithLossCodeThreeAndTheNextBestShows(answer: String, reason: String) throws {
    let responder = try OpenRTBResponder(case: answer)
    let runner = try ProgramRunner()
    let (result, _) = try run(responder, runner, seconds: 1)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    // The refused bid is traced in the frame the good one arrives in, and hears it with code 3.
    #expect(
      try exactTrace(runner, responder)
        == Self.shownTrace(winner: "good", refused: (id: "bad", reason: reason), losers: ["bad"]))
    try expectOneTestRequestForTheBanner(responder)
    let requestID = try #require(responder.bidRequests.first?.json?["id"] as? String)
    #expect(
      responder.notices.map(\.line) == ["/win?b=good&p=1", "/event1?a=\(requestID)", "/loss?b=bad&r=3&p="],
      "nothing of the bad bid but its loss notice")
    #expect(!responder.requests.contains { $0.path.contains("10.0.0.1") })
  }

  /// A refused bid hears loss 3, unless its markup was asked of its win notice (`fallback-markup`):
  /// that request told it it won, and a notice never contradicts another.
  @Test(arguments: [
    ("fallback-image", "http://127.0.0.1:PORT/missing/creative.png: HTTP 404", "/missing/creative.png", true),
    ("fallback-markup", "the win notice's markup is not UTF-8 (byte 58)", "/win-latin1?b=broken&p=3", false),
  ])
  func aWinnerWhoseAdFailsToLoadIsReplacedByTheNextBidAndOnlyThoseBelowItHearTheyLost(
    answer: String, reason: String, fetched: String, refusedHearsLoss: Bool
  ) throws {
    let responder = try OpenRTBResponder(case: answer)
    let runner = try ProgramRunner()
    let (result, _) = try run(responder, runner, seconds: 1)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    // The highest bid is refused when its ad cannot be had, in the same load, which shows the next:
    // the refused bid hears 3, the one below the shown bid 102, the shown bid no loss at all.
    #expect(
      try exactTrace(runner, responder)
        == Self.shownTrace(
          winner: "good", refused: (id: "broken", reason: reason),
          losers: (refusedHearsLoss ? ["broken"] : []) + ["low"]))
    try expectOneTestRequestForTheBanner(responder)
    let requestID = try #require(responder.bidRequests.first?.json?["id"] as? String)
    let received = responder.requests.filter { $0.method == "GET" }.map(\.target)
    #expect(
      received == [fetched, "/creative.png", "/win?b=good&p=2", "/event1?a=\(requestID)"]
        + (refusedHearsLoss ? ["/loss?b=broken&r=3&p="] : []) + ["/loss?b=low&r=102&p="], "byte for byte, in order")
  }

  /// The `reason` of an `ad.failed` line with `error`: no fill, no bid, or a failed transfer.
  static func reason(of error: String) -> String {
    error == "no-fill" ? "noFill" : error.hasPrefix("no-fill (nbr") ? "noBid" : "transferFailed"
  }

  @Test(arguments: [
    ("nobid", "no-fill", false), ("nbr", "no-fill (nbr 2)", false),
    (
      "huge", "http://127.0.0.1:PORT/openrtb2/auction: the body is larger than 1048576 bytes; the transfer was stopped",
      true
    ),
    ("status:500", "http://127.0.0.1:PORT/openrtb2/auction: bid response refused: HTTP 500", true),
    ("status:400", "http://127.0.0.1:PORT/openrtb2/auction: bid response refused: HTTP 400", true),
  ])
  func noFillAndBadResponsesAreAdFailedAndTheGameGoesOn(answer: String, error: String, warns: Bool) throws {
    let responder = try OpenRTBResponder(case: answer)
    let runner = try ProgramRunner()
    let (result, _) = try run(responder, runner, seconds: 1)
    #expect(result.status == 0)
    #expect(
      try exactTrace(runner, responder)
        == Self.started + [
          Self.line(30, #""event":"ad.failed","error":""# + error + #"","reason":""# + Self.reason(of: error) + #"""#),
          Self.stopped,
        ])
    try expectOneTestRequestForTheBanner(responder)
    #expect(responder.notices.isEmpty, "no notice without a shown ad")
    // A failure is one warning; no fill is an answer, not a fault, and is only traced.
    let warning = "intermission: warning: ads: \(runner.path("demand.json")): "
    let expected = warns ? warning + error.replacingOccurrences(of: ":PORT/", with: ":\(responder.port)/") + "\n" : ""
    #expect(result.stderr == expected)
  }

  static let fullscreenPlacements = #"{"banner": "menu-banner", "rewarded": "bonus"}"#
  static let rewardMembers = #", "reward": {"type": "coins", "amount": 50}, "rewardAfter": 3"#

  @Test func aRewardedAdIsBoughtAsNativeAndItsRewardAndNoticesCome() throws {
    let responder = try OpenRTBResponder()
    let runner = try ProgramRunner()
    // Bonus at 1 s (the banner is in), the offer at 3 s, 3 s of countdown, Escape at 7 s.
    let (result, trace) = try run(
      responder, runner, seconds: 8, script: "1.0 click 480 252\n3.0 key Return\n7.0 key Escape\n",
      placements: Self.fullscreenPlacements, members: Self.rewardMembers)
    #expect(result.status == 0, "\(result.stderr)")
    let story = try runner.traceSummary("t.jsonl", fields: ["format", "placement", "amount"]) { event, _ in
      event.hasPrefix("fullscreen.") || event.hasPrefix("rewarded.")
    }
    #expect(
      story == [
        "180 fullscreen.shown rewarded bonus_coins", "361 rewarded.completed rewarded bonus_coins",
        "420 rewarded.earned rewarded bonus_coins 50", "420 fullscreen.dismissed rewarded bonus_coins",
      ], "\(trace)")
    let rewarded = try #require(
      responder.bidRequests.compactMap(\.json).first { request in
        (request["imp"] as? [[String: Any]])?.first?["id"] as? String == "rewarded"
      })
    let imp = try #require((rewarded["imp"] as? [[String: Any]])?.first)
    #expect(imp["tagid"] as? String == "bonus" && imp["instl"] as? Int == 1 && imp["rwdd"] as? Int == 1)
    let native = (imp["native"] as? [String: Any])?["request"] as? String
    #expect(native?.contains(#""plcmttype":4"#) == true)
    let notices = responder.notices.map(\.line)
    #expect(notices.contains("/event2?i=rewarded") && notices.contains("/event2?i=banner"), "\(notices)")
    #expect(notices.filter { $0.hasPrefix("/win") }.count == 2, "the banner's and the rewarded ad's: \(notices)")
  }

  @Test func anExpiredBidIsNeverShownItsLossNoticeSaysTwoAndANewRequestIsMade() throws {
    let responder = try OpenRTBResponder(case: "expiring")
    let runner = try ProgramRunner()
    // The rewarded bid (exp 1 s) loads at about 1 s; the offer at 3 s finds it expired.
    let (result, trace) = try run(
      responder, runner, seconds: 5, script: "1.0 click 480 252\n3.0 key Return\n4.0 key Return\n",
      placements: Self.fullscreenPlacements, members: Self.rewardMembers)
    #expect(result.status == 0, "\(result.stderr)")
    let refused = trace.filter { $0.contains(#""event":"fullscreen.refused""#) }
    #expect(refused.count == 1 && refused[0].contains(#""reason":"expired""#), "\(trace)")
    #expect(trace.contains { $0.contains(#""event":"fullscreen.shown""#) && $0.contains(#""frame":240"#) }, "\(trace)")
    let losses = responder.notices.map(\.line).filter { $0.hasPrefix("/loss") }
    #expect(losses == ["/loss?b=b1&r=2&p="], "\(responder.notices.map(\.line))")
    let formats = responder.bidRequests.compactMap { ($0.json?["imp"] as? [[String: Any]])?.first?["id"] as? String }
    #expect(
      formats == ["banner", "rewarded", "rewarded", "rewarded"], "new requests after the expiry: \(formats)")
  }

  @Test func aResponseLaterThanTmaxAndTheConnectTimeoutIsAFailureAndTheGameGoesOn() throws {
    let responder = try OpenRTBResponder(case: "slow:5")
    let runner = try ProgramRunner()
    let (result, _) = try run(responder, runner, seconds: 1)
    #expect(result.status == 0)
    // The request waits tmax (0.8 s) plus the connect timeout (3 s); the fixed step waits for it in
    // the frame it is due, and libcurl says how long it took.
    let trace = try exactTrace(runner, responder)
    let failed = try #require(trace.count == 4 ? trace[2] : nil, "\(trace)")
    let prefix =
      #"{"frame":30,"time":0.500000,"event":"ad.failed","error":"http://127.0.0.1:PORT/openrtb2/auction: "#
      + "timed out: Operation timed out after "
    #expect(
      failed.hasPrefix(prefix) && failed.hasSuffix(#" milliseconds with 0 bytes received","reason":"transferFailed"}"#),
      "\(failed)")
    let waited = Int(failed.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 0
    // libcurl checks its timeout and prints the time taken each rounded to whole milliseconds on
    // its own clock: it has printed 3799 for the 3800 ms it waited (under AddressSanitizer).
    #expect((3799..<4800).contains(waited), "tmax plus the connect timeout: \(waited) ms")
    #expect(Array(trace.prefix(2)) == Self.started && trace.last == Self.stopped)
    try expectOneTestRequestForTheBanner(responder)
    #expect(result.stderr.components(separatedBy: "warning: ads:").count == 2, "one warning: \(result.stderr)")
  }

  @Test func aConsentChangeIsCarriedByTheNextRequest() throws {
    let responder = try OpenRTBResponder(case: "nobid")
    let runner = try ProgramRunner()
    let demand = try responder.writeDemandFile(in: runner.folder)
    let source = AdSources.forManifest(
      demand, client: HTTPClient(), decoder: SDLImageDecoder(), cacheFolder: nil, fallbackManifest: nil, isTest: true,
      environment: ["LANG": "de_DE.UTF-8"])
    #expect(source is OpenRTBSource)
    #expect(source.loadAd(sequence: 0, format: .banner).failure == .noFill)
    source.setConsent(ConsentSignals(gdpr: 1, tcf: ConsentFixtures.otherTCString, usPrivacy: "1YYN", gppSid: [7]))
    #expect(source.loadAd(sequence: 1, format: .banner).failure == .noFill)
    source.setConsent(ConsentSignals(gdpr: 0))
    _ = source.loadAd(sequence: 2, format: .banner)
    let bodies = responder.bidRequests.compactMap(\.json)
    try #require(bodies.count == 3)
    let regs = bodies.map { $0["regs"] as? [String: Any] ?? [:] }
    #expect(regs[0]["gdpr"] == nil && bodies[0]["user"] == nil, "nothing known yet, nothing sent")
    #expect(
      regs[1]["gdpr"] as? Int == 1 && regs[1]["us_privacy"] as? String == "1YYN" && regs[1]["gpp_sid"] as? [Int] == [7])
    #expect((bodies[1]["user"] as? [String: Any])?["consent"] as? String == ConsentFixtures.otherTCString)
    #expect(regs[2]["gdpr"] as? Int == 0 && bodies[2]["user"] == nil && regs[2]["us_privacy"] == nil)
    #expect((bodies[0]["device"] as? [String: Any])?["language"] as? String == "de")
    #expect(Set(bodies.compactMap { $0["id"] as? String }).count == 3, "a fresh id each")
  }

  @Test func noticesStoredBeforeAKillArriveOnceAfterARestart() throws {
    // Every notice is answered 500 at first: they wait in the queue when the program is killed.
    let responder = try OpenRTBResponder(case: "one-bid/500")
    let runner = try ProgramRunner()
    let demand = try responder.writeDemandFile(in: runner.folder)
    let queue = runner.path("beacons.sqlite")
    let program = try runner.start([
      "--headless", "--no-audio", "--ads", demand, "--seconds", "60", "--trace", runner.path("1.jsonl"), "--beacons",
      queue,
    ])
    // Killed once the impression's notices are stored too (its trace line comes after them), while
    // the queue keeps retrying its first, the win notice.
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline
      && !((try? runner.traceLines("1.jsonl"))?.contains { $0.contains(#""event":"impression""#) } ?? false)
    {
      usleep(20_000)
    }
    while responder.notices.isEmpty && Date() < deadline { usleep(20_000) }
    kill(program.process.processIdentifier, SIGKILL)
    _ = runner.finish(program)
    let failed = responder.notices
    try #require(!failed.isEmpty && failed.allSatisfy { $0.status == 500 }, "\(failed)")
    #expect(failed.allSatisfy { $0.line == "/win?b=b1&p=1.25" }, "retried in order, unchanged: \(failed)")
    // A restart with no fill of its own delivers what the killed run left, once each.
    responder.answer = "nobid"
    let drained = try runner.run([
      "--headless", "--no-audio", "--ads", demand, "--seconds", "4", "--trace", runner.path("2.jsonl"), "--beacons",
      queue,
    ])
    #expect(drained.status == 0, "\(drained.stderr)")
    let delivered = responder.notices.filter { $0.status == 204 }
    let requestID = try #require(responder.bidRequests.first?.json?["id"] as? String)
    #expect(
      delivered.map(\.line) == [
        "/win?b=b1&p=1.25", "/event1?a=\(requestID)", "/bill?b=b1&p=1.25&c=USD", "/imp?p=1.25", "/event2?i=banner",
      ], "each once, in the order stored, as the buyer wrote it")
    #expect(try BeaconStore(path: queue).count() == 0, "the queue is empty")
  }

  @Test func anImageOnAnotherHTTPSHostIsFetchedWithTheTestsOwnCertificateAuthority() throws {
    let runner = try ProgramRunner()
    let (certificate, key) = try makeLoopbackCertificate(in: runner.folder)
    let cdn = runner.folder.appendingPathComponent("cdn")
    try FileManager.default.createDirectory(at: cdn, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: ProgramRunner.root.appendingPathComponent("Assets/ads/break-interstitial.png"),
      to: cdn.appendingPathComponent("creative.png"))
    let nginx = try NginxServer(root: cdn, certificate: (certificate, key))
    let base = String(nginx.url("creative.png").dropLast("/creative.png".count))
    #expect(base.hasPrefix("https://127.0.0.1:"))
    let responder = try OpenRTBResponder(case: "one-bid@" + base)
    // Untrusted, the image is refused and nothing shows; with the tests' authority, it shows.
    let (_, untrusted) = try run(responder, runner, seconds: 1, trace: "untrusted.jsonl")
    #expect(untrusted.contains { $0.contains(#""event":"bid.refused""#) && $0.contains("TLS") }, "\(untrusted)")
    #expect(!untrusted.contains { $0.contains("banner.shown") })
    let (result, trace) = try run(responder, runner, seconds: 1, arguments: ["--ads-ca", certificate])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(trace.contains { $0.contains(#""event":"ad.loaded","id":"b1""#) }, "\(trace)")
    #expect(nginx.requests.contains("GET /creative.png 200"), "\(nginx.requests)")
    #expect(responder.notices.map(\.line).contains("/loss?b=b1&r=3&p="), "the untrusted run's bid could not be shown")
  }

  @Test func aBannerBidThatExpiresUnshownIsNeverShownAndAnotherIsBought() throws {
    let responder = try OpenRTBResponder(case: "expiring")
    let runner = try ProgramRunner()
    // Play at 0.3 s, before the banner's ad comes (0.5 s): it waits, hidden, and expires at 1.5 s.
    let (result, trace) = try run(responder, runner, seconds: 3.5, script: "0.3 click 480 256\n2.0 key Escape\n")
    #expect(result.status == 0, "\(result.stderr)")
    // Loaded in Play at 0.5 s, kept from view; expired at 1.5 s (its loss notice, code 2); the new
    // request waits for the menu (2 s), which shows its bid half a second later.
    #expect(
      try runner.traceSummary("t.jsonl", fields: ["id", "name", "reason", "kind"]) { event, _ in
        event.hasPrefix("ad.") || event.hasPrefix("banner.") || event.hasPrefix("scene.") || event == "beacon.sent"
      } == [
        "0 scene.entered Menu", "18 scene.entered Play", "30 ad.loaded b1", "90 ad.expired b1",
        "90 beacon.sent b1 loss",
        "120 scene.exited Play", "120 scene.entered Menu", "151 ad.loaded b1", "151 banner.shown loaded",
        "151 beacon.sent b1 win", "151 beacon.sent b1 tracker",
      ])
    let expired = try #require(trace.first { $0.contains(#""event":"ad.expired""#) }, "\(trace)")
    #expect(expired.hasPrefix(#"{"frame":90,"#) && expired.contains(#""id":"b1""#), "\(expired)")
    let shown = trace.filter { $0.contains(#""event":"banner.shown""#) }
    #expect(shown.count == 1 && !shown[0].hasPrefix(#"{"frame":30,"#), "only the second bid is shown: \(trace)")
    #expect(responder.notices.map(\.line).filter { $0.hasPrefix("/loss") } == ["/loss?b=b1&r=2&p="])
    #expect(responder.notices.map(\.line).filter { $0.hasPrefix("/win") }.count == 1, "the expired bid never won")
    #expect(responder.bidRequests.count == 2, "a new request for the expired bid")
  }

  @Test func anEndpointThatCannotBeReachedServesTheDemandFilesHouseAds() throws {
    let runner = try ProgramRunner()
    let house = try ShippedManifest.copy(runner, "house")
    try Data(#"{"ads":[{"id":"house","image":"starfall.png","title":"House","action":"in-app","cpm":0.75}]}"#.utf8)
      .write(to: house.appendingPathComponent("manifest.json"))
    // Bound here and not listening for the whole run: refused, and nobody else's.
    let unreachable = try ReservedLoopbackPort()
    defer { withExtendedLifetime(unreachable) {} }
    let port = unreachable.port
    let demand = try runner.write(
      "demand.json",
      #"{"openrtb": {"endpoint": "http://127.0.0.1:\#(port)/openrtb2/auction", "app": {"bundle": "b", "name": "n"}, "#
        + #""placements": {"banner": "p"}, "fallback": "house/manifest.json"}}"#)
    let result = try runner.run(
      Self.headless + ["--ads", demand, "--seconds", "2", "--trace", runner.path("t.jsonl")])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try runner.traceLines("t.jsonl")
    #expect(lines.contains { $0.contains(#""event":"ad.loaded","id":"house","source":"fallback""#) })
    // Its impression is worth what its entry states, counted as the fallback's.
    #expect(
      lines.contains {
        $0.hasSuffix(
          #""event":"ad.revenue","format":"banner","id":"house","source":"fallback","cpm":0.750000,"#
            + #""revenue":"0.000750","currency":"USD","precision":"publisherProvided"}"#)
      }, "\(lines)")
  }

  @Test func aNameThatResolvesToLoopbackIsRefusedWhenPrivateAddressesAreNot() throws {
    // localhost is a name, not an address: only the address it resolves to tells.
    let responder = try OpenRTBResponder(case: "nobid")
    let guarded = HTTPClient(allowsPrivateAddresses: false)
    let refused = guarded.get("http://localhost:\(responder.port)/x", maximumBytes: 1000, redirects: .sameOrigin)
    guard case .failure(let failure) = refused else {
      Issue.record("reached localhost: \(refused)")
      return
    }
    #expect("\(failure)".contains("resolves to a loopback, link-local or private address"), "\(failure)")
    let open = HTTPClient().get("http://localhost:\(responder.port)/x", maximumBytes: 1000, redirects: .sameOrigin)
    #expect((try? open.get().status) == 204, "the same request is made when allowed")
    #expect(responder.requests.count == 1, "the refused one never reached the server")
  }

  @Test func theRequestGivesTheViewInPixelsAndAGameOfItsOwnLoopSetsConsentOnTheOverlay() throws {
    let responder = try OpenRTBResponder(case: "nobid")
    let runner = try ProgramRunner()
    let demand = try responder.writeDemandFile(in: runner.folder)
    let source = AdSources.forManifest(
      demand, client: HTTPClient(), decoder: SDLImageDecoder(), cacheFolder: nil, fallbackManifest: nil, isTest: true)
    var configuration = AdOverlay.Configuration()
    configuration.latency = 0
    configuration.waitsForDueLoads = true
    let overlay = AdOverlay(
      pauseTarget: PauseGate(), loader: AdLoader(source: source), configuration: configuration,
      trace: Trace(output: nil), urlOpener: RecordingOpener())
    // A game of its own loop sets nothing: the overlay takes the view's size and density from the
    // canvas it draws on (a HiDPI one here), before the first request is due.
    let canvas = RecordingCanvas(size: Size(width: 800, height: 600))
    canvas.pixelsPerPoint = 2
    overlay.setConsent(ConsentSignals(gdpr: 1, tcf: ConsentFixtures.otherTCString))
    overlay.update(hostTime: 0)
    overlay.draw(on: canvas)
    overlay.update(hostTime: 0.02)
    let request = try #require(responder.bidRequests.first?.json)
    let device = try #require(request["device"] as? [String: Any])
    #expect(device["w"] as? Int == 1600 && device["h"] as? Int == 1200, "HiDPI: pixels, not points")
    #expect((request["user"] as? [String: Any])?["consent"] as? String == ConsentFixtures.otherTCString)
    #expect(overlay.pixelScale == 2)
  }
}

/// Opens nothing, for an overlay that never clicks.
final class RecordingOpener: URLOpener {
  func open(_ url: String) -> Bool { false }
}

extension Result {
  /// The error of a failure; nil for a success.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
