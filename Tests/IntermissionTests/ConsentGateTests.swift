import Foundation
import Intermission
import IntermissionConsent
import IntermissionNet
import IntermissionTestSupport
import Testing

/// The consent gate, end to end in process: a loopback exchange sees no request from a player in
/// a GDPR region until the player decides, and then the stored strings; a US player's requests go
/// at once and carry an opt-out from the next one.
@Suite("Consent gate", .serialized)
struct ConsentGateTests {
  /// A consent file for vendors 1, 3 and 6 and one Google provider, with its vendor list.
  static func consentFile(in folder: URL) throws -> String {
    try VendorListFixture.json(vendors: 12).write(
      to: folder.appendingPathComponent("vendor-list.json"), atomically: true, encoding: .utf8)
    let text = """
      {"app": "gate-test", "cmpId": 300, "publisherCountryCode": "DE", "vendorList": "vendor-list.json",
       "vendors": [1, 3, 6], "googleProviders": [{"id": 89, "name": "P", "privacyPolicy": "https://p.example/"}]}
      """
    let path = folder.appendingPathComponent("consent.json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// A fixed-step stack on `responder`'s demand file, for a player in `geography`.
  static func run(
    _ responder: OpenRTBResponder, geography: ConsentGeography, folder: URL,
    _ body: (AdStack, MemoryTraceOutput) throws -> Void
  ) throws {
    var configuration = AdOverlay.Configuration()
    configuration.waitsForDueLoads = true
    configuration.latency = 0
    var options = AdStack.Options(
      manifestPath: try responder.writeDemandFile(in: folder), configuration: configuration, beaconsPath: "",
      playsSound: false,
      environment: [
        "XDG_CONFIG_HOME": folder.path + "/config", "XDG_CACHE_HOME": folder.path + "/cache", "LANG": "de_DE.UTF-8",
      ])
    options.consentPath = try consentFile(in: folder)
    options.consentGeography = geography
    let output = MemoryTraceOutput()
    try SDLSession.exclusive {
      let stack = try AdStack(pauseTarget: PauseGate(), trace: Trace(output: output), options: options)
      defer { stack.stopWorkers() }
      stack.overlay.viewSizeDidChange(to: Size(width: 800, height: 600))
      try body(stack, output)
    }
  }

  @Test(arguments: [ConsentGeography.eea, .uk, .ch])
  func noRequestLeavesBeforeTheDecisionAndTheFirstAfterItCarriesTheStoredStrings(geography: ConsentGeography) throws {
    let responder = try OpenRTBResponder(case: "nobid")
    let folder = try ScratchFolder.make("consent-gate")
    try Self.run(responder, geography: geography, folder: folder) { stack, output in
      let engine = try #require(stack.consentEngine)
      #expect(engine.status == .required)
      for frame in 0..<120 { stack.overlay.update(hostTime: Double(frame) / 60) }
      #expect(responder.requests.isEmpty, "\(responder.requests.map(\.target))")
      let deferred = output.lines.filter { $0.contains(#""event":"ad.deferred""#) }
      #expect(deferred.count == 1 && deferred[0].contains(#""reason":"consent""#), "\(output.lines)")
      #expect(output.lines.contains { $0.contains(#""event":"consent.required""#) && $0.contains("noDecision") })
      // While the engine decides, a game's own strings are refused: the decision is what requests carry.
      #expect(!stack.overlay.setConsent(ConsentSignals(gdpr: 0)))
      #expect(output.lines.contains { $0.contains(#""event":"consent.refused""#) })
      engine.decide(.acceptingAll(try #require(engine.vendorList), engine.configuration))
      // Decided, but no request may leave before the next frame hands the source the strings.
      #expect(!stack.client.gate.isOpen)
      for frame in 120..<130 { stack.overlay.update(hostTime: Double(frame) / 60) }
      let request = try #require(responder.bidRequests.first?.json, "a request after the decision")
      let regs = try #require(request["regs"] as? [String: Any])
      let user = try #require(request["user"] as? [String: Any])
      #expect(regs["gdpr"] as? Int == 1)
      #expect(user["consent"] as? String == engine.value(forKey: "IABTCF_TCString"))
      #expect(
        regs["gpp"] as? String == engine.value(forKey: "IABGPP_HDR_GppString") && regs["gpp_sid"] as? [Int] == [2])
      let providers = (user["ext"] as? [String: Any])?["ConsentedProvidersSettings"] as? [String: Any]
      #expect(providers?["consented_providers"] as? String == "2~89~dv.")
      #expect(output.lines.contains { $0.contains(#""event":"consent.decided""#) })
      // Nothing identifies the player: no user id, no buyer id, no device id, no cookie.
      #expect(user["id"] == nil && user["buyeruid"] == nil)
      let device = try #require(request["device"] as? [String: Any])
      #expect(device["ifa"] == nil && device["dpidsha1"] == nil && device["ip"] == nil)
      #expect(responder.bidRequests.allSatisfy { $0.headers.keys.allSatisfy { $0.lowercased() != "cookie" } })
      let stored = try String(
        contentsOfFile: folder.path + "/config/intermission/consent/gate-test/IABTCF_TCString", encoding: .utf8)
      #expect(stored == user["consent"] as? String)
    }
  }

  @Test func aUSPlayersRequestsGoAtOnceAndAnOptOutShowsInTheNextOne() throws {
    let responder = try OpenRTBResponder(case: "nobid")
    let folder = try ScratchFolder.make("consent-gate")
    try Self.run(responder, geography: .usState("ca"), folder: folder) { stack, output in
      let engine = try #require(stack.consentEngine)
      stack.overlay.update(hostTime: 0)
      let first = try #require(responder.bidRequests.first?.json, "a request at once")
      let firstRegs = try #require(first["regs"] as? [String: Any])
      #expect(firstRegs["gdpr"] as? Int == 0 && firstRegs["gpp_sid"] as? [Int] == [7] && first["user"] == nil)
      let firstGPP = try #require(firstRegs["gpp"] as? String)
      let before = try USNationalSection.decode(try #require(GPPString.decode(firstGPP).sections[7]))
      #expect(before.saleOptOut == 2 && before.targetedAdvertisingOptOut == 2)
      engine.setUSOptOuts(.init(sale: true, sharing: true, targetedAdvertising: true))
      var frame = 1
      while responder.bidRequests.count < 2 && frame < 3600 {
        stack.overlay.update(hostTime: Double(frame) / 60)
        frame += 1
      }
      let second = try #require(responder.bidRequests.dropFirst().first?.json, "the next request")
      let regs = try #require(second["regs"] as? [String: Any])
      let secondGPP = try #require(regs["gpp"] as? String)
      let after = try USNationalSection.decode(try #require(GPPString.decode(secondGPP).sections[7]))
      #expect(after.saleOptOut == 1 && after.sharingOptOut == 1 && after.targetedAdvertisingOptOut == 1)
      #expect(!output.lines.contains { $0.contains(#""event":"ad.deferred""#) })
    }
  }
}
