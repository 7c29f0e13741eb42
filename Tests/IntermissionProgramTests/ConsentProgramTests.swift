import Foundation
import IntermissionTestSupport
import Testing

/// The program with a consent file, as a developer runs it: `--consent`, `--consent-geography`,
/// `--reset-consent`; the loopback exchange sees what left the process.
@Suite("Consent in the program")
struct ConsentProgramTests {
  static let consentFile = ProgramRunner.root.appendingPathComponent("Assets/consent/consent.json").path

  func run(_ runner: ProgramRunner, _ responder: OpenRTBResponder, _ arguments: [String]) throws
    -> (result: ProgramRunner.Result, trace: [String])
  {
    let demand = try responder.writeDemandFile(in: runner.folder)
    let result = try runner.run(
      [
        "--headless", "--fixed-step", "--no-audio", "--ads", demand, "--seconds", "2", "--trace",
        runner.path("t.jsonl"),
        "--no-beacons",
      ] + arguments,
      environment: ["XDG_CONFIG_HOME": runner.path("config"), "XDG_CACHE_HOME": runner.path("cache")])
    return (result, try runner.traceLines("t.jsonl"))
  }

  @Test(arguments: ["eea", "uk", "ch"])
  func aGDPRPlayerSendsNothingUntilDeciding(geography: String) throws {
    let runner = try ProgramRunner()
    let responder = try OpenRTBResponder(case: "nobid")
    let (result, trace) = try run(runner, responder, ["--consent", Self.consentFile, "--consent-geography", geography])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(responder.requests.isEmpty, "\(responder.requests.map(\.target))")
    #expect(trace.contains { $0.contains(#""event":"consent.required""#) && $0.contains(#""reason":"noDecision""#) })
    #expect(trace.filter { $0.contains(#""event":"ad.deferred""#) && $0.contains(#""reason":"consent""#) }.count == 1)
    #expect(!trace.contains { $0.contains(#""event":"ad.loaded""#) || $0.contains(#""event":"ad.failed""#) })
  }

  /// House ads from a local manifest show while a GDPR player has not decided (here the form
  /// cannot ask: the vendor list does not read), and their beacons wait in the durable queue: the
  /// collector hears nothing until a launch that may send them.
  @Test func houseAdsShowAndTheirBeaconsWaitInTheQueue() throws {
    let runner = try ProgramRunner()
    _ = try runner.write("broken.json", #"{"gvlSpecificationVersion": 3,"#)
    let consent = try runner.write(
      "consent.json",
      #"{"app": "house", "cmpId": 300, "publisherCountryCode": "DE", "vendorList": "broken.json", "vendors": [1]}"#)
    let collector = try CollectorServer()
    let ads = runner.folder.appendingPathComponent("ads")
    try FileManager.default.createDirectory(at: ads, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: ProgramRunner.root.appendingPathComponent("Assets/ads/starfall.png"),
      to: ads.appendingPathComponent("starfall.png"))
    let ad =
      #"{"id":"starfall","image":"starfall.png","title":"Starfall","action":"in-app","#
      + #""impressionURL":"\#(collector.url("i"))?ad=starfall"}"#
    let manifest = try runner.write("ads/manifest.json", #"{"ads":[\#(ad)]}"#)
    let environment = ["XDG_CONFIG_HOME": runner.path("config"), "XDG_CACHE_HOME": runner.path("cache")]
    func launch(_ geography: String, trace: String) throws -> ProgramRunner.Result {
      try runner.run(
        [
          "--headless", "--fixed-step", "--no-audio", "--ads", manifest, "--seconds", "4", "--trace",
          runner.path(trace),
          "--beacons", runner.path("beacons.sqlite"), "--consent", consent, "--consent-geography", geography,
        ],
        environment: environment)
    }
    let asked = try launch("eea", trace: "asked.jsonl")
    #expect(asked.status == 0, "\(asked.stderr)")
    let events = try runner.traceEvents("asked.jsonl")
    #expect(events.contains("banner.shown") && events.contains("impression"), "the house ad showed: \(events)")
    let required = try runner.traceLines("asked.jsonl").first { $0.contains(#""event":"consent.required""#) }
    #expect(required?.contains("vendorListUnavailable") == true, "\(required ?? "no consent.required")")
    #expect(!events.contains("beacon.sent") && collector.requests.isEmpty, "\(collector.requests.map(\.path))")
    let elsewhere = try launch("other", trace: "elsewhere.jsonl")
    #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
    let sent = collector.requests.filter { $0.path == "/i" }
    #expect(sent.count >= 2 && sent.allSatisfy { $0.query["ad"] == "starfall" }, "the first launch's, then its own")
  }

  /// While the form asks, it covers the banner: the banner's ad is not counted as seen.
  @Test func theFormCoversTheBannerAndNoImpressionCounts() throws {
    let runner = try ProgramRunner()
    let result = try runner.run(
      [
        "--headless", "--fixed-step", "--no-audio", "--no-beacons", "--seconds", "3", "--trace", runner.path("t.jsonl"),
        "--consent", Self.consentFile, "--consent-geography", "eea",
      ],
      environment: ["XDG_CONFIG_HOME": runner.path("config"), "XDG_CACHE_HOME": runner.path("cache")])
    #expect(result.status == 0, "\(result.stderr)")
    let events = try runner.traceEvents("t.jsonl")
    #expect(events.contains("consent.shown") && events.contains("ad.loaded"), "\(events)")
    #expect(!events.contains("impression"), "no impression under the form: \(events)")
  }

  @Test func elsewhereRequestsGoAtOnce() throws {
    let runner = try ProgramRunner()
    let responder = try OpenRTBResponder(case: "nobid")
    let (result, trace) = try run(runner, responder, ["--consent", Self.consentFile, "--consent-geography", "other"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!responder.bidRequests.isEmpty)
    #expect(trace.contains { $0.contains(#""event":"consent.notRequired""#) && $0.contains(#""geography":"other""#) })
    let regs = try #require(responder.bidRequests.first?.json?["regs"] as? [String: Any])
    #expect(regs["gdpr"] as? Int == 0)
  }

  @Test(arguments: [
    (#"{"app": "g", "cmpId": 3, "colour": 1}"#, #"line 1, column 26: "colour" is not a member of a consent file"#),
    (#"{"app": "g", "cmpId": 3,"#, "not valid JSON: line 1"),
    ("{\n  \"cmpId\": 1,\n  \"app\": \"../up\"\n}", #"line 3, column 3: "app" must be 1 to 64 letters"#),
    (#"{"app": "g"}"#, #""publisherCountryCode" is missing (a string)"#),
  ])
  func aBadConsentFileIsNamedWithItsPlaceAndExitsTwo(text: String, message: String) throws {
    let runner = try ProgramRunner()
    let path = try runner.write("consent.json", text)
    let result = try runner.run(["--headless", "--fixed-step", "--seconds", "0.1", "--consent", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("bad --consent file: ") && result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func anEmptySignalsFileStillMeansNoSignals() throws {
    let runner = try ProgramRunner()
    let path = try runner.write("consent.json", "{}")
    let result = try runner.run(["--headless", "--fixed-step", "--seconds", "0.1", "--consent", path])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(arguments: [
    (["--consent-geography", "eea"], "--consent-geography needs --consent with a consent file"),
    (["--reset-consent"], "--reset-consent needs --consent with a consent file"),
    (["--consent-geography", "mars"], "--consent-geography expects eea, uk, ch, us-XX or other, got 'mars'"),
  ])
  func consentOptionsAreChecked(arguments: [String], message: String) throws {
    let runner = try ProgramRunner()
    let result = try runner.run(["--headless", "--seconds", "0.1"] + arguments)
    #expect(result.status == 2 && result.stderr.contains(message), "\(result.stderr)")
  }
}
