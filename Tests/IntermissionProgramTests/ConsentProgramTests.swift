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
