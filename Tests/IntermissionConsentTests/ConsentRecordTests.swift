import Foundation
import IntermissionConsent
import IntermissionTestSupport
import Testing

/// A decision written out as the CMP API's keys, and each reason to ask again.
@Suite struct ConsentRecordTests {
  static let list = try! GlobalVendorList.parse(Array(VendorListFixture.json(vendors: 12).utf8), name: "list.json")
  /// 2026-12-05 at 14:30 UTC.
  static let now = 1_796_481_000

  static func configuration(vendors: [Int] = [1, 3, 6, 9], providers: [Int] = [89], extra: String = "") throws
    -> ConsentConfiguration
  {
    let folder = try ScratchFolder.path("consent-record")
    try VendorListFixture.json(vendors: 12).write(toFile: folder + "/list.json", atomically: true, encoding: .utf8)
    let googleProviders = providers.map {
      "{\"id\": \($0), \"name\": \"P\($0)\", \"privacyPolicy\": \"https://p.example/\"}"
    }
    let json = """
      {"app": "game", "cmpId": 300, "publisherCountryCode": "FR", "vendorList": "list.json",
       "vendors": \(vendors), "googleProviders": [\(googleProviders.joined(separator: ","))]\(extra)}
      """
    return try ConsentConfiguration.parse(Array(json.utf8), path: folder + "/consent.json")
  }

  @Test func acceptingAllWritesEveryKey() throws {
    let configuration = try Self.configuration()
    let record = ConsentRecord(
      choices: .acceptingAll(Self.list, configuration), list: Self.list, configuration: configuration, time: Self.now,
      language: "fr")
    let keys = record.keys
    let model = try TCString.decode(try #require(keys["IABTCF_TCString"]))
    #expect(model.created == 1_796_428_800 * 10 && model.lastUpdated == model.created, "midnight of the day")
    #expect(model.isServiceSpecific && model.policyVersion == 5 && model.cmpID == 300 && model.consentLanguage == "FR")
    #expect(model.disclosedVendors == [1, 3, 6, 9] && model.vendorConsents == [1, 3, 6, 9])
    #expect(model.vendorLegitimateInterests == [3, 6, 9] && model.purposeLegitimateInterests == [2, 7, 10])
    #expect(
      keys["IABTCF_PurposeConsents"] == "11111111111" && keys["IABTCF_PurposeLegitimateInterests"] == "01000010010")
    #expect(keys["IABTCF_VendorConsents"] == "101001001" && keys["IABTCF_VendorLegitimateInterests"] == "001001001")
    #expect(keys["IABTCF_DisclosedVendors"] == "101001001")
    #expect(keys["IABTCF_SpecialFeaturesOptIns"] == "110000000000" && keys["IABTCF_gdprApplies"] == "1")
    #expect(
      keys["IABTCF_CmpSdkID"] == "300" && keys["IABTCF_CmpSdkVersion"] == "1" && keys["IABTCF_PolicyVersion"] == "5")
    #expect(keys["IABTCF_PublisherCC"] == "FR" && keys["IABTCF_PurposeOneTreatment"] == "0")
    #expect(keys["IABTCF_UseNonStandardTexts"] == "0" && keys["IABTCF_AddtlConsent"] == "2~89~dv.")
    #expect(keys["IABGPP_GppSID"] == "2" && keys["IABGPP_2_String"] == keys["IABTCF_TCString"])
    #expect(try GPPString.decode(try #require(keys["IABGPP_HDR_GppString"])).sections[2] == keys["IABTCF_TCString"])
    #expect(keys["IABTCF_PublisherConsent"] == nil, "no publisher segment without publisher purposes")
  }

  @Test func rejectingAllConsentsToNothingAndObjectsToEveryInterest() throws {
    let configuration = try Self.configuration()
    let record = ConsentRecord(
      choices: .rejectingAll(Self.list, configuration), list: Self.list, configuration: configuration, time: Self.now,
      language: "en")
    #expect(record.keys["IABTCF_PurposeConsents"] == "00000000000" && record.keys["IABTCF_VendorConsents"] == "")
    #expect(record.model.vendorLegitimateInterests.isEmpty && record.model.purposeLegitimateInterests.isEmpty)
    #expect(record.model.disclosedVendors == [1, 3, 6, 9], "disclosed whatever the choice")
    #expect(record.keys["IABTCF_AddtlConsent"] == "2~~dv.89")
  }

  @Test func publisherPurposesGetTheirSegmentAndKeys() throws {
    let configuration = try Self.configuration(
      extra:
        ", \"publisherPurposes\": {\"consent\": [1, 3], \"legitimateInterest\": [2], \"custom\": [{\"name\": \"A\", \"description\": \"a\"}, {\"name\": \"B\", \"description\": \"b\"}]}"
    )
    var choices = ConsentChoices()
    choices.publisherPurposes = [3]
    choices.customPurposes = [2]
    let record = ConsentRecord(
      choices: choices, list: Self.list, configuration: configuration, time: Self.now, language: "de")
    #expect(record.keys["IABTCF_PublisherConsent"] == "00100000000")
    #expect(record.keys["IABTCF_PublisherLegitimateInterests"] == "01000000000")
    #expect(record.keys["IABTCF_PublisherCustomPurposesConsents"] == "01")
    #expect(record.keys["IABTCF_PublisherCustomPurposesLegitimateInterests"] == "00")
    #expect(try TCString.decode(record.keys["IABTCF_TCString"]!).publisherPurposes?.customConsents == [2])
  }

  @Test func eachReasonToAskAgain() throws {
    let configuration = try Self.configuration()
    #expect(
      ConsentReason.toAsk(stored: [:], list: Self.list, configuration: configuration, now: Self.now) == .noDecision)
    let keys = ConsentRecord(
      choices: .acceptingAll(Self.list, configuration), list: Self.list, configuration: configuration, time: Self.now,
      language: "en"
    ).keys
    #expect(ConsentReason.toAsk(stored: keys, list: Self.list, configuration: configuration, now: Self.now) == nil)
    let newPolicy = try GlobalVendorList.parse(
      Array(VendorListFixture.json(vendors: 12, policyVersion: 6).utf8), name: "l")
    #expect(
      ConsentReason.toAsk(stored: keys, list: newPolicy, configuration: configuration, now: Self.now)
        == .policyVersionChanged(stored: 5, current: 6))
    let moreVendors = try Self.configuration(vendors: [1, 3, 6, 9, 10])
    #expect(
      ConsentReason.toAsk(stored: keys, list: Self.list, configuration: moreVendors, now: Self.now)
        == .vendorsAdded([10]))
    let moreProviders = try Self.configuration(providers: [89, 91])
    #expect(
      ConsentReason.toAsk(stored: keys, list: Self.list, configuration: moreProviders, now: Self.now)
        == .googleProvidersAdded([91]))
    let later = Self.now + 391 * 86_400
    #expect(
      ConsentReason.toAsk(stored: keys, list: Self.list, configuration: configuration, now: later)
        == .expired(days: 391))
    #expect(
      ConsentReason.toAsk(stored: keys, list: Self.list, configuration: configuration, now: later - 2 * 86_400) == nil)
    var torn = keys
    torn["IABTCF_PurposeConsents"] = "00000000000"
    #expect(
      ConsentReason.toAsk(stored: torn, list: Self.list, configuration: configuration, now: Self.now)
        == .storeSetAside("IABTCF_PurposeConsents does not agree with IABTCF_TCString"))
    torn = keys
    torn["IABTCF_TCString"] = "CPSG_8APSG_8A"
    guard
      case .storeSetAside(let reason)? = ConsentReason.toAsk(
        stored: torn, list: Self.list, configuration: configuration, now: Self.now)
    else { Issue.record("a TC string that does not decode stood"); return }
    #expect(reason.hasPrefix("IABTCF_TCString: TC string: "))
  }
}
