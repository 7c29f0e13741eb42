import Foundation
import IntermissionBasics
import IntermissionConsent
import IntermissionTestSupport
import Testing

/// The engine's decision at launch, in every geography, and what it keeps and reports.
@Suite struct ConsentEngineTests {
  final class Events: @unchecked Sendable {
    let list = Locked<[ConsentEvent]>([])
    var names: [String] { list.withLock { $0.map(\.traceEvent.name) } }
    func clear() { list.withLock { $0.removeAll() } }
  }

  static func engine(folder: String, events: Events, now: Int = ConsentRecordTests.now) throws -> ConsentEngine {
    ConsentEngine(
      configuration: try ConsentRecordTests.configuration(), store: ConsentStore(folder: folder), language: "ja",
      clock: { now }, report: { event in events.list.withLock { $0.append(event) } })
  }

  @Test(arguments: [ConsentGeography.eea, .uk, .ch, .unknown])
  func aGDPRPlayerIsAskedOnceAndTheDecisionStands(geography: ConsentGeography) throws {
    let folder = try ScratchFolder.path("consent-engine") + "/game"
    let events = Events()
    let engine = try Self.engine(folder: folder, events: events)
    #expect(engine.status == .unknown && !engine.canRequestAds)
    engine.start(list: ConsentRecordTests.list, geography: geography)
    #expect(engine.status == .required && !engine.canRequestAds && engine.reasonToAsk == .noDecision)
    #expect(events.names == ["consent.required"] && engine.value(forKey: "IABTCF_TCString") == nil)
    engine.formShown()
    engine.decide(.acceptingAll(ConsentRecordTests.list, engine.configuration), milliseconds: 1200)
    #expect(engine.status == .obtained && engine.canRequestAds)
    #expect(events.list.withLock { $0.last } == .decided(purposes: Array(1...11), vendors: 4, milliseconds: 1200))
    let strings = engine.strings
    #expect(strings.gdprApplies == 1 && strings.tcString == engine.value(forKey: "IABTCF_TCString"))
    #expect(strings.gppSectionIDs == [2] && strings.additionalConsent == "2~89~dv." && strings.allowsIdentifiers)
    #expect(try TCString.decode(strings.tcString!).consentLanguage == "JA")

    let nextLaunch = Events()
    let again = try Self.engine(folder: folder, events: nextLaunch)
    again.start(list: ConsentRecordTests.list, geography: geography)
    #expect(again.status == .obtained && again.strings == strings && nextLaunch.names.isEmpty)
    again.reset()
    #expect(again.status == .required && again.reasonToAsk == .noDecision)
  }

  @Test func rejectingAllStillLetsRequestsGoOutWithoutIdentifiers() throws {
    let engine = try Self.engine(folder: try ScratchFolder.path("consent-engine") + "/g", events: Events())
    engine.start(list: ConsentRecordTests.list, geography: .eea)
    engine.decide(.rejectingAll(ConsentRecordTests.list, engine.configuration))
    #expect(engine.canRequestAds && !engine.strings.allowsIdentifiers)
  }

  @Test func aUSPlayerRunsAdsAtOnceAndAnOptOutChangesTheNextStrings() throws {
    let folder = try ScratchFolder.path("consent-engine") + "/g"
    let events = Events()
    let engine = try Self.engine(folder: folder, events: events)
    engine.start(list: ConsentRecordTests.list, geography: .usState("ca"))
    #expect(engine.status == .notRequired && engine.canRequestAds && events.names == ["consent.notRequired"])
    let before = engine.strings
    #expect(before.gdprApplies == 0 && before.tcString == nil && before.gppSectionIDs == [7])
    #expect(engine.usOptOuts == .init(sale: false, sharing: false, targetedAdvertising: false))
    let untold = try USNationalSection.decode(try #require(engine.value(forKey: "IABGPP_7_String")))
    #expect(untold.saleOptOutNotice == 2 && untold.sharingNotice == 2, "no notice given before the privacy options")
    engine.setUSOptOuts(.init(sale: true, sharing: true, targetedAdvertising: true))
    let after = try USNationalSection.decode(try #require(engine.value(forKey: "IABGPP_7_String")))
    #expect(after.saleOptOut == 1 && after.targetedAdvertisingOptOut == 1 && after.saleOptOutNotice == 1)
    #expect(engine.strings.gppString != before.gppString)
    let relaunched = try Self.engine(folder: folder, events: Events())
    relaunched.start(list: ConsentRecordTests.list, geography: .usState("ca"))
    #expect(relaunched.usOptOuts?.sale == true, "the opt-out is kept")
  }

  @Test(arguments: [ConsentGeography.other, .usState("ak")])
  func elsewhereNothingIsAsked(geography: ConsentGeography) throws {
    let engine = try Self.engine(folder: try ScratchFolder.path("consent-engine") + "/g", events: Events())
    engine.start(list: ConsentRecordTests.list, geography: geography)
    #expect(engine.status == .notRequired && engine.strings.gdprApplies == 0 && engine.strings.gppString == nil)
  }

  @Test func aCorruptStoreIsSetAsideAndThePlayerAskedAgain() throws {
    let folder = try ScratchFolder.path("consent-engine") + "/g"
    let first = try Self.engine(folder: folder, events: Events())
    first.start(list: ConsentRecordTests.list, geography: .eea)
    first.decide(.acceptingAll(ConsentRecordTests.list, first.configuration))
    try "CPSG_8A".write(toFile: folder + "/IABTCF_TCString", atomically: true, encoding: .utf8)
    let events = Events()
    let second = try Self.engine(folder: folder, events: events)
    second.start(list: ConsentRecordTests.list, geography: .eea)
    #expect(second.status == .required && events.names == ["consent.storeFailed", "consent.required"])
    #expect(FileManager.default.fileExists(atPath: folder + ".corrupt/IABTCF_TCString"))
  }

  @Test func anExpiredDecisionIsAskedAgainAndSaysSo() throws {
    let folder = try ScratchFolder.path("consent-engine") + "/g"
    let first = try Self.engine(folder: folder, events: Events())
    first.start(list: ConsentRecordTests.list, geography: .eea)
    first.decide(.acceptingAll(ConsentRecordTests.list, first.configuration))
    let events = Events()
    let later = try Self.engine(folder: folder, events: events, now: ConsentRecordTests.now + 400 * 86_400)
    later.start(list: ConsentRecordTests.list, geography: .eea)
    #expect(later.reasonToAsk == .expired(days: 400) && events.names == ["consent.expired", "consent.required"])
  }

  @Test func anUnwritableStoreKeepsTheDecisionForTheLaunchAndSaysSoOnce() throws {
    let base = try ScratchFolder.path("consent-engine")
    try "not a folder".write(toFile: base + "/blocked", atomically: true, encoding: .utf8)
    let events = Events()
    let engine = try Self.engine(folder: base + "/blocked/g", events: events)
    engine.start(list: ConsentRecordTests.list, geography: .eea)
    engine.decide(.acceptingAll(ConsentRecordTests.list, engine.configuration))
    engine.decide(.rejectingAll(ConsentRecordTests.list, engine.configuration))
    #expect(engine.status == .obtained && !engine.strings.allowsIdentifiers)
    #expect(events.names.filter { $0 == "consent.storeFailed" }.count == 1)
  }

  @Test func withoutAVendorListAStoredDecisionStandsAndNoneMeansNoAds() throws {
    let folder = try ScratchFolder.path("consent-engine") + "/g"
    let engine = try Self.engine(folder: folder, events: Events())
    engine.start(list: nil, geography: .eea, listFailure: "list.json: not valid JSON")
    #expect(engine.status == .required && !engine.canRequestAds)
    #expect(engine.reasonToAsk == .vendorListUnavailable("list.json: not valid JSON"))
    #expect(!engine.decide(.rejectingAll(ConsentRecordTests.list, engine.configuration)), "nothing to decide on")
    engine.start(list: ConsentRecordTests.list, geography: .eea)
    engine.decide(.acceptingAll(ConsentRecordTests.list, engine.configuration))
    let offline = try Self.engine(folder: folder, events: Events())
    offline.start(list: nil, geography: .eea)
    #expect(offline.status == .obtained)
    let offlineLater = try Self.engine(folder: folder, events: Events(), now: ConsentRecordTests.now + 400 * 86_400)
    offlineLater.start(list: nil, geography: .eea)
    #expect(offlineLater.reasonToAsk == .expired(days: 400), "offline, the age still counts")
  }
}
