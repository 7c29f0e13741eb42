import Foundation
import Intermission
import IntermissionConsent
import IntermissionTestSupport
import Testing

/// The consent form inside the overlay, as a game meets it: shown at once for a GDPR player,
/// holding the game as `consent`, decided by keyboard, mouse or controller, the game running again
/// after unless its player had paused it; and the privacy options, opened again at any time.
@Suite("Consent form in the overlay", .serialized)
struct ConsentFormOverlayTests {
  static let size = Size(width: 800, height: 600)

  /// A stack with no ads source worth a request, for a player in `geography`: on the fixed step,
  /// or (`waits` false) with the engine's start and the decisions' writes on workers.
  static func run(
    geography: ConsentGeography, waits: Bool = true, _ body: (AdStack, PauseGate, MemoryTraceOutput) throws -> Void
  ) throws {
    let responder = try OpenRTBResponder(case: "nobid")
    let folder = try ScratchFolder.make("consent-form")
    var configuration = AdOverlay.Configuration()
    configuration.waitsForDueLoads = waits
    configuration.latency = 0
    configuration.language = "en"
    var options = AdStack.Options(
      manifestPath: try responder.writeDemandFile(in: folder), configuration: configuration, beaconsPath: "",
      playsSound: false,
      environment: ["XDG_CONFIG_HOME": folder.path + "/config", "XDG_CACHE_HOME": folder.path + "/cache"])
    options.consentPath = try ConsentGateTests.consentFile(in: folder)
    options.consentGeography = geography
    let output = MemoryTraceOutput()
    let gate = PauseGate()
    try SDLSession.exclusive {
      let stack = try AdStack(pauseTarget: gate, trace: Trace(output: output), options: options)
      defer { stack.stopWorkers() }
      stack.overlay.viewSizeDidChange(to: size)
      try body(stack, gate, output)
    }
  }

  static func press(_ keys: [Key], on overlay: AdOverlay) {
    for key in keys {
      #expect(overlay.handle(.keyDown(key)), "the form takes \(key)")
      _ = overlay.handle(.keyUp(key))
    }
  }

  @Test func theFormShowsInTheFirstFrameHoldingTheGameAndAcceptAllStoresEveryConsent() throws {
    try Self.run(geography: .eea) { stack, gate, output in
      let overlay = stack.overlay
      let engine = try #require(stack.consentEngine)
      overlay.update(hostTime: 0)
      #expect(overlay.isConsentFormShown && overlay.takesAllInput && overlay.coversView)
      #expect(gate.isHeld(by: .consent) && !gate.isRunning)
      #expect(output.lines.contains { $0.contains(#""event":"consent.shown""#) })
      // The canvas is drawn the form: its three buttons, and nothing of the game's.
      let canvas = RecordingCanvas(size: Self.size)
      overlay.draw(on: canvas)
      #expect(["Accept all", "Reject all", "Manage options"].allSatisfy(canvas.texts.contains))
      Self.press([.tab, .returnKey], on: overlay)
      #expect(!overlay.isConsentFormShown && !gate.isHeld(by: .consent) && gate.isRunning)
      overlay.update(hostTime: 1.0 / 60)
      #expect(engine.status == .obtained)
      #expect(engine.value(forKey: "IABTCF_PurposeConsents") == "11111111111")
      #expect(engine.value(forKey: "IABTCF_AddtlConsent") == "2~89~dv.")
      #expect(output.lines.contains { $0.contains(#""event":"consent.decided""#) })
      // Decided: the form does not come back by itself.
      for frame in 2..<30 { overlay.update(hostTime: Double(frame) / 60) }
      #expect(!overlay.isConsentFormShown)
    }
  }

  @Test func aPlayersOwnPauseStaysAfterTheForm() throws {
    try Self.run(geography: .uk) { stack, gate, _ in
      gate.hold(.user)
      stack.overlay.update(hostTime: 0)
      #expect(stack.overlay.isConsentFormShown && gate.isHeld(by: .consent))
      // Reject all, by controller: the d-pad twice, then A.
      Self.press([ControllerButton.down.key, ControllerButton.down.key, ControllerButton.a.key], on: stack.overlay)
      #expect(!gate.isHeld(by: .consent) && gate.isHeld(by: .user) && !gate.isRunning)
      stack.overlay.update(hostTime: 1.0 / 60)
      #expect(stack.consentEngine?.value(forKey: "IABTCF_PurposeConsents") == "00000000000")
      gate.release(.user)
      #expect(gate.isRunning)
    }
  }

  @Test func aCustomChoiceByMouseStoresExactlyIt() throws {
    try Self.run(geography: .ch) { stack, gate, _ in
      let overlay = stack.overlay
      overlay.update(hostTime: 0)
      let form = try #require(overlay.consentFormShown)
      func click(_ frame: Rect) {
        let point = Point(x: frame.midX, y: frame.midY)
        #expect(overlay.handle(.pointerDown(point)) && overlay.handle(.pointerUp(point)))
      }
      click(form.frame(of: .manageOptions, in: Self.size))
      let purpose = try #require(form.rows.firstIndex { if case .purpose(2, _, _, _) = $0 { true } else { false } })
      click(form.frame(ofRow: purpose, .consent, in: Self.size))
      click(form.frame(of: .save, in: Self.size))
      #expect(gate.isRunning)
      overlay.update(hostTime: 1.0 / 60)
      let engine = try #require(stack.consentEngine)
      #expect(engine.value(forKey: "IABTCF_PurposeConsents") == "01000000000")
      #expect(engine.value(forKey: "IABTCF_VendorConsents")?.contains("1") == false, "no vendor consented")
      #expect(try TCString.decode(try #require(engine.value(forKey: "IABTCF_TCString"))).consentScreen == 2)
    }
  }

  @Test func thePrivacyOptionsOpenAgainAndCloseWithoutChange() throws {
    try Self.run(geography: .eea) { stack, gate, output in
      let overlay = stack.overlay
      overlay.update(hostTime: 0)
      Self.press([.tab, .returnKey], on: overlay)
      overlay.update(hostTime: 1.0 / 60)
      let engine = try #require(stack.consentEngine)
      let decided = engine.value(forKey: "IABTCF_TCString")
      #expect(overlay.offersPrivacyOptions && overlay.showPrivacyOptions())
      overlay.update(hostTime: 2.0 / 60)
      let form = try #require(overlay.consentFormShown)
      #expect(form.isDismissable && form.choices.purposes == Set(1...11) && gate.isHeld(by: .consent))
      #expect(output.lines.filter { $0.contains(#""event":"consent.shown""#) }.count == 2)
      // Ads go on with the choices in force meanwhile.
      #expect(engine.canRequestAds)
      Self.press([.escape], on: overlay)
      #expect(!overlay.isConsentFormShown && gate.isRunning)
      overlay.update(hostTime: 3.0 / 60)
      #expect(engine.value(forKey: "IABTCF_TCString") == decided && engine.reasonToAsk == nil)
    }
  }

  @Test func aUSPlayerOptsOutInThePrivacyOptions() throws {
    try Self.run(geography: .usState("ca")) { stack, gate, _ in
      let overlay = stack.overlay
      overlay.update(hostTime: 0)
      #expect(!overlay.isConsentFormShown && gate.isRunning, "no form until the player asks")
      #expect(overlay.showPrivacyOptions())
      overlay.update(hostTime: 1.0 / 60)
      #expect(overlay.isConsentFormShown && overlay.consentFormShown?.isUnitedStates == true)
      // The sale opt-out, then Save (before the first control, wrapping).
      Self.press([.tab, .returnKey, .up, .returnKey], on: overlay)
      #expect(gate.isRunning)
      overlay.update(hostTime: 2.0 / 60)
      let optOuts = try #require(stack.consentEngine?.usOptOuts)
      #expect(optOuts == .init(sale: true, sharing: false, targetedAdvertising: false))
    }
  }

  @Test func elsewhereThereIsNoFormAndNoPrivacyOptions() throws {
    try Self.run(geography: .other) { stack, gate, _ in
      stack.overlay.update(hostTime: 0)
      #expect(!stack.overlay.isConsentFormShown && gate.isRunning)
      #expect(!stack.overlay.showPrivacyOptions())
    }
  }
  @Test func onWorkersTheDecisionIsInForceAtOnceAndWrittenBeforeTheOverlayStops() throws {
    try Self.run(geography: .eea, waits: false) { stack, gate, _ in
      let overlay = stack.overlay
      let engine = try #require(stack.consentEngine)
      var frame = 0
      while !overlay.isConsentFormShown && frame < 600 {
        overlay.update(hostTime: Double(frame) / 60)
        usleep(1000)
        frame += 1
      }
      #expect(overlay.isConsentFormShown && gate.isHeld(by: .consent), "the form after the engine's start")
      Self.press([.tab, .tab, .returnKey], on: overlay)
      #expect(!overlay.isConsentFormShown && gate.isRunning)
      // While the decision is written, the form does not come back.
      for later in frame..<(frame + 30) {
        overlay.update(hostTime: Double(later) / 60)
        #expect(!overlay.isConsentFormShown)
      }
      overlay.stopWorkers()
      #expect(engine.status == .obtained && engine.value(forKey: "IABTCF_PurposeConsents") == "00000000000")
      let stored = try String(contentsOfFile: engine.storeFolder + "/IABTCF_PurposeConsents", encoding: .utf8)
      #expect(stored == "00000000000", "written before stopWorkers returned")
    }
  }

  @Test func nothingOpensOverTheFormAndTheFormIsClosedWithTheOverlay() throws {
    try Self.run(geography: .eea) { stack, gate, _ in
      let overlay = stack.overlay
      overlay.update(hostTime: 0)
      #expect(overlay.isConsentFormShown)
      #expect(!overlay.showPrivacyOptions() && overlay.privacyOptionsRefusal == "alreadyShowing")
      #expect(overlay.fullscreen.showInterstitial(placement: "test") == .alreadyShowing)
      overlay.stopWorkers()
      #expect(!overlay.isConsentFormShown && !gate.isHeld(by: .consent) && gate.isRunning)
    }
  }

  @Test func onlyAPlayerUnderConsentRulesIsOfferedPrivacyOptions() throws {
    try Self.run(geography: .other) { stack, _, _ in
      stack.overlay.update(hostTime: 0)
      #expect(!stack.overlay.offersPrivacyOptions && stack.overlay.privacyOptionsRefusal == "notReady")
    }
    try Self.run(geography: .usState("va")) { stack, _, _ in
      stack.overlay.update(hostTime: 0)
      #expect(stack.overlay.offersPrivacyOptions && stack.overlay.privacyOptionsRefusal == nil)
    }
  }
}
