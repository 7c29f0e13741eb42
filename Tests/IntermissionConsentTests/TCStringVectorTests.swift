import IntermissionConsent
import Testing

/// The TC strings of the specification and of the IAB's reference libraries, field by field; and
/// strings that must be refused, with the reason and where.
@Suite struct TCStringVectorTests {
  /// 2022-01-01 and 2022-02-01 at midnight UTC, and 2025-06-03, in deciseconds.
  static let january2022 = 16_409_952_000
  static let february2022 = 16_436_736_000

  /// The specification's example (TCF 2.3's "TC String Format"): core, disclosed vendors as
  /// ranges, and an empty publisher TC segment.
  @Test func theSpecificationsExampleDecodesFieldByField() throws {
    let string = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"
    let model = try TCString.decode(string)
    #expect(model.created == 17_489_088_000 && model.lastUpdated == 17_489_088_000)
    #expect(model.cmpID == 880 && model.cmpVersion == 0 && model.consentScreen == 0)
    #expect(model.consentLanguage == "EN" && model.vendorListVersion == 48 && model.policyVersion == 2)
    #expect(model.isServiceSpecific && !model.useNonStandardTexts && !model.purposeOneTreatment)
    #expect(model.specialFeatureOptIns.isEmpty && model.purposeConsents.isEmpty)
    #expect(model.purposeLegitimateInterests.isEmpty)
    #expect(model.publisherCountryCode == "DE")
    #expect(model.vendorConsents == [1, 2, 3, 4] && model.vendorLegitimateInterests.isEmpty)
    #expect(model.publisherRestrictions.isEmpty)
    #expect(model.disclosedVendors == [1, 2, 3, 4, 5, 100, 404])
    #expect(model.publisherPurposes == PublisherPurposes())
    #expect(try TCString.encode(model) == string, "the encoder writes the example back, bit for bit")
  }

  /// iabgpp-es's "encode with vendor [11, 28, 29] and publisher TC" (TcfEuV2.test.ts).
  @Test func theReferenceEncodersStringWithAPublisherSegmentIsWrittenBitForBit() throws {
    var model = TCModel(
      cmpID: 10, cmpVersion: 0, consentLanguage: "EN", vendorListVersion: 0, created: Self.february2022)
    model.purposeConsents = [1, 3, 4, 5, 6]
    model.purposeLegitimateInterests = [2]
    model.vendorConsents = [11, 28, 29]
    model.disclosedVendors = [11, 28, 29, 50, 60, 80]
    model.publisherPurposes = PublisherPurposes(consents: [1, 3, 4, 5, 6], legitimateInterests: [2, 7])
    let expected = "CPTtLAAPTtLAAAKAAAENAAFgALwAAEAAAAAAAOgAgABgAAAA.IAoAAgABgAAEAQAAEAAA.d4AACEAAAAAA"
    #expect(try TCString.encode(model) == expected)
    #expect(try TCString.decode(expected) == model)
  }

  /// iabgpp-es's GppModel vectors: the tie between a bit field and ranges ([28] against [29]) and
  /// range-encoded vendors and disclosed vendors.
  @Test(arguments: [
    ([28], [10, 11, 28], "CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAOAAAABAAAAA.IAOABgAB.YAAAAAAAAAAA"),
    ([29], [10, 11, 29], "CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAOwAQAOgAAAA.IAOgBgAAgAAA.YAAAAAAAAAAA"),
    (
      [1, 173, 722], [1, 10, 11, 29, 173, 722],
      "CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAFpQAwAAgCtAWkAAAAAAA.IFpQBQAAwAKAAsADoArQFpAA.YAAAAAAAAAAA"
    ),
  ])
  func theReferenceEncodersVendorVectorsMatch(vendors: [Int], disclosed: [Int], expected: String) throws {
    var model = TCModel(cmpID: 0, cmpVersion: 0, consentLanguage: "EN", vendorListVersion: 0, created: Self.january2022)
    model.vendorConsents = Set(vendors)
    model.disclosedVendors = Set(disclosed)
    model.publisherPurposes = PublisherPurposes()
    #expect(try TCString.encode(model) == expected)
    let decoded = try TCString.decode(expected)
    #expect(decoded.vendorConsents == Set(vendors) && decoded.disclosedVendors == Set(disclosed))
  }

  /// An older example of the specification: ten publisher restrictions (purposes out of order) and
  /// seven custom purposes.
  @Test func restrictionsAndCustomPurposesDecode() throws {
    let string =
      "CQNIGUAQNIGUAE1ACADEBbFgAP_gAAAAAAYgKBpV9C7dbWFF8X53aPtkOY0X19BzIsQhBhSBAyAFyBOQ8JQA02E6NASgJiACEAAAoxTBAAFEHABEAQCAQAAEAADsIAwEgAAIIABEgBEQAAJYAAgKCIggEAAIgAIEEgAAmBiAKdLmXUiAgIACCgCQACABAICAAgMABAAIAAIAAAAAwgAAgAJgoAIAAAAAARAIAAAAAAAAAAAAIAAAAAAAAAAAgAAAKHQAYAAgoGMgAwABBQMVABgACCgYiADAAEFAw0AGAAIKBhIAMAAQUDLQAYAAgoGUgAwABBQMlABgACCgZCADAAEFAw.YAAAAAAAA60A"
    let model = try TCString.decode(string)
    #expect(model.cmpID == 309 && model.cmpVersion == 2 && model.consentLanguage == "DE" && model.policyVersion == 5)
    #expect(model.vendorListVersion == 91 && model.purposeConsents == Set(1...11))
    #expect(model.vendorConsents.count == 259 && model.vendorConsents.max() == 1283)
    #expect(model.publisherRestrictions.map(\.purpose) == [7, 6, 5, 4, 3, 2, 11, 10, 9, 8])
    #expect(model.publisherRestrictions.allSatisfy { $0.kind == .requireConsent && $0.vendors == Set(1...1283) })
    #expect(model.publisherPurposes?.customPurposeCount == 7)
    #expect(model.publisherPurposes?.customConsents == [2, 4, 5, 7])
    #expect(model.disclosedVendors == nil)
  }

  /// iabtcf-es's issue 201: restrictions whose entries repeat a vendor.
  @Test func restrictionsWithRepeatedEntriesDecode() throws {
    let string =
      "CO4VGswO4VGswAfZCBDEAzCsAP_AAH_AAAigGUNf_X9fb2vj-_599_t0eY1f9_63t-wzjheMs-8NyZ-X_J4Wv2MyvB34JqQKGRgkunLBAQdtHGncTQgBwIlViTLMY02MjzNKJrJEilsbe2dYGH9vn8XT_ZKZ70-_v__7v3___33_5Ayhr_6_r7e18f3_Pvv9ujzGr_v_W9v2GccLxln3huTPy_5PC1-xmV4O_BNSBQyMEl05YICDto407iaEAOBEqsSZZjGmxkeZpRNZIkUtjb2zrAw_t8_i6f7JTPen39___d-___--__ICgKAOAAcAA4AFAAjgB6AEYALcGACAW0AtoJAHAAOAAcACgARwA9ACMAFuFABALaAW0GgDgAHAAOABQAI4AegBGAC3DgAgFtALaEQBwADgAHAAoAEcAPQAjABbiQAQC2gFtCoA4ABwADgAUACOAHoARgAtxYAIBbQC2hkAcAA4ABwAKABHAD0AIwAW40AEAtoBbQ6AOAAcAA4AFAAjgB6AEYALceACAW0AtohAHAAOAAcACgARwA9ACMAFuRABALaAW0SgDgAHAAOABQAI4AegBGAC3JgAgFtALaKQBwADgAHAAoAEcAPQAjABblQAQC2gFtA"
    let model = try TCString.decode(string)
    #expect(model.publisherRestrictions.count == 20)
    let first = model.publisherRestrictions.first { $0.purpose == 1 && $0.kind == .requireConsent }
    #expect(first?.vendors == [7, 20, 71, 122, 140, 183])
    #expect(model.publisherCountryCode == "EU" && model.specialFeatureOptIns == [1, 2])
  }

  /// iabgpp-es's "decode 4": segments in the order core, publisher TC, disclosed vendors.
  @Test func segmentsInAnyOrderDecode() throws {
    let string =
      "COv_eg6Ov_eg6AOADBENAaCgAP_AAH_AACiQAVEUQQoAIQAqIoghAAQgAA.YAAAAAAAAAAAAAAAAAA.IGLtV_T9fb2vj-_Z99_tkeYwf95y3p-wzhheMs-8NyZeH_B4Wv2MyvBX4JiQKGRgksjLBAQdtHGlcTQgBwIlViTLMYk2MjzNKJrJEilsbO2dYGD9Pn8HT3ZCY70-vv__7v3ff_3g"
    let model = try TCString.decode(string)
    #expect(model.cmpID == 14 && model.cmpVersion == 3 && model.vendorListVersion == 26)
    #expect(model.vendorConsents == [2, 6, 8, 12, 18, 23, 25, 37, 42])
    #expect(model.vendorLegitimateInterests == [2, 6, 8, 12, 18, 23, 37, 42])
    #expect(model.disclosedVendors?.count == 434)
    #expect(model.purposeLegitimateInterests == Set(2...10) && model.publisherCountryCode == "US")
  }

  /// iabtcf-es's issue 220: MaxVendorId 829 with no range entries is an empty set.
  @Test func aRangeWithNoEntriesIsEmpty() throws {
    let model = try TCString.decode("CO5dPi4O5dPx2B7DvCENA2CgAAAAAAAAAAAAGewAAM8gAAAA.YAAAAAAAAAAA")
    #expect(model.vendorConsents.isEmpty && model.vendorLegitimateInterests.isEmpty)
    #expect(model.cmpID == 123 && model.cmpVersion == 239 && model.consentScreen == 2)
  }

  @Test(arguments: [
    ("", "empty"),
    ("BOhwdphOxFC7tAHABBFRC--AAAAuhr_7__7-_9_-_f__9uj3Or_v_f__32ccL59v_h_7v", "only version 2"),
    ("CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAOAAAABAAAAA.IAOABgAB+", "'+' is not a character"),
    ("CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAOAAAABAAAAA=", "'=' is not a character"),
    ("CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAOAAAAB", "ends inside the vendor legitimate interests"),
    ("CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAOAAAABAAAAA..YAAAAAAAAAAA", "segment 2 is empty"),
    ("CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAOAAAABAAAAA.IAOABgAB.IAOABgAB", "a second segment of type 1"),
    ("CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAOAAAABAAAAA.gAAA", "SegmentType 4"),
    ("CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAOAAAABAAAAA.IAOABgAB.YAAAAAAAAAAA.QAAA.IA", "second segment of type 1"),
    // iabgpp-es's "decode defaults": IsServiceSpecific 0, invalid since TCF 2.2.
    ("CAAAAAAAAAAAAAAAAAENAACAAAAAAAAAAAAAAAAAAAAA.QAAA.IAAA", "IsServiceSpecific is 0"),
  ])
  func malformedStringsAreRefusedWithTheReason(string: String, reason: String) {
    #expect {
      _ = try TCString.decode(string)
    } throws: { error in
      let description = (error as? ConsentStringError)?.description ?? ""
      return description.hasPrefix("TC string: ") && description.contains(reason)
    }
  }

  /// iabtcf-es's issue 142: a bit field shorter than its MaxVendorId says where it ended.
  @Test func aTruncatedBitFieldIsRefusedWithTheBit() throws {
    let string =
      "CLSYjTaOngnCIAOABBENAXCMAGOAABBAAA7IA5n-m7fP6_3fbqVv6E__PoA5Aqff3aJx8tv_1967rfnQEQoAIAAQCrwkAEABAcACABIMACAAuApEVABABUSABgBCAVSAtIoACACIArYQAHACgAFgAVwBJgDcAI7AWgMAAgBiKgAgBMgFfKQAQBRkQAQA4AFiBAAoA-AEVAJlAVgAtYcACAJcAr4eABAK8OgBgFzAOmAqwgABAWyA.IFukWSQh"
    do {
      _ = try TCString.decode(string)
      Issue.record("a truncated bit field decoded")
    } catch {
      #expect(error.location.hasPrefix("bit "), "\(error)")
    }
  }

  @Test func aModelThatDoesNotFitIsRefused() {
    var model = TCModel(cmpID: 4096, cmpVersion: 0, consentLanguage: "EN", vendorListVersion: 1, created: 0)
    #expect(throws: ConsentStringError.self) { try TCString.encode(model) }
    model.cmpID = 1
    model.consentLanguage = "en"
    #expect(throws: ConsentStringError.self) { try TCString.encode(model) }
    model.consentLanguage = "EN"
    model.vendorConsents = [65_536]
    #expect(throws: ConsentStringError.self) { try TCString.encode(model) }
  }

  /// The encoder writes what it is given; the decoder refuses IsServiceSpecific 0.
  @Test func aModelWithoutServiceSpecificIsEncodedButRefusedOnDecoding() throws {
    var model = TCModel(cmpID: 1, cmpVersion: 1, consentLanguage: "EN", vendorListVersion: 1, created: 0)
    model.isServiceSpecific = false
    let string = try TCString.encode(model)
    #expect(throws: ConsentStringError.self) { _ = try TCString.decode(string) }
  }
}
