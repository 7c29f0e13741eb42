import IntermissionConsent
import IntermissionTestSupport
import Testing

/// A thousand seeded random consent models, each encoded and decoded back unchanged: every field,
/// both vendor encodings, restrictions, disclosed vendors and the publisher segment.
@Suite struct TCStringRoundTripTests {
  @Test func aThousandRandomModelsSurviveTheRoundTrip() throws {
    var random = SeededGenerator(seed: 43)
    var usedRange = 0
    var usedBitField = 0
    for number in 0..<1000 {
      let model = Self.randomModel(&random)
      let string = try TCString.encode(model)
      let decoded = try TCString.decode(string)
      #expect(decoded == model, "model \(number): \(string)")
      #expect(!string.contains("=") && !string.contains("+") && !string.contains("/"))
      // The core's vendor consents start at bit 213: MaxVendorId (16 bits), then IsRangeEncoding.
      if let vendors = model.vendorConsents.max(), vendors > 0 {
        if Self.bit(229, of: string) { usedRange += 1 } else { usedBitField += 1 }
      }
    }
    #expect(usedRange > 100 && usedBitField > 100, "range \(usedRange), bit field \(usedBitField)")
  }

  @Test func theEncoderChoosesTheShorterVendorEncoding() throws {
    var sparse = TCModel(cmpID: 7, cmpVersion: 1, consentLanguage: "EN", vendorListVersion: 3, created: 0)
    sparse.vendorConsents = [1000]
    var dense = sparse
    dense.vendorConsents = Set(stride(from: 1, through: 99, by: 2))
    let sparseString = try TCString.encode(sparse)
    let denseString = try TCString.encode(dense)
    #expect(Self.bit(229, of: sparseString) == true)  // one entry: 12 + 17 bits, not 1,000
    #expect(Self.bit(229, of: denseString) == false)  // 50 runs cost 862 bits, the field 99
    #expect(try TCString.decode(sparseString).vendorConsents == [1000])
    #expect(try TCString.decode(denseString).vendorConsents == dense.vendorConsents)
  }

  /// The bit at `offset` of the core segment of `string`.
  static func bit(_ offset: Int, of string: String) -> Bool {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    let character = Array(string)[offset / 6]
    let value = alphabet.firstIndex(of: character)!
    return (value >> (5 - offset % 6)) & 1 == 1
  }

  static func randomSet(_ random: inout SeededGenerator, upTo largest: Int, density: Double) -> Set<Int> {
    guard largest > 0 else { return [] }
    var ids = Set<Int>()
    if Bool.random(using: &random) {
      for id in 1...largest where Double.random(in: 0..<1, using: &random) < density { ids.insert(id) }
    } else {
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        let start = Int.random(in: 1...largest, using: &random)
        ids.formUnion(start...min(largest, start + Int.random(in: 0...40, using: &random)))
      }
    }
    return ids
  }

  static func randomModel(_ random: inout SeededGenerator) -> TCModel {
    func letters() -> String {
      String((0..<2).map { _ in Character(Unicode.Scalar(UInt8.random(in: 65...90, using: &random))) })
    }
    var model = TCModel(
      cmpID: Int.random(in: 0...4095, using: &random), cmpVersion: Int.random(in: 0...4095, using: &random),
      consentLanguage: letters(), vendorListVersion: Int.random(in: 0...4095, using: &random),
      created: Int.random(in: 0..<(1 << 36), using: &random))
    model.lastUpdated = Int.random(in: 0..<(1 << 36), using: &random)
    model.consentScreen = Int.random(in: 0...63, using: &random)
    model.policyVersion = Int.random(in: 0...63, using: &random)
    model.isServiceSpecific = true  // a string without it is refused (TCF 2.2 and later)
    model.useNonStandardTexts = Bool.random(using: &random)
    model.specialFeatureOptIns = randomSet(&random, upTo: 12, density: 0.5)
    model.purposeConsents = randomSet(&random, upTo: 24, density: 0.5)
    model.purposeLegitimateInterests = randomSet(&random, upTo: 24, density: 0.3)
    model.purposeOneTreatment = Bool.random(using: &random)
    model.publisherCountryCode = letters()
    // The largest id a string can hold, on a few models only: sets of 65,535 ids are slow to build.
    let largest =
      Int.random(in: 0..<50, using: &random) == 0 ? 65_535 : [0, 5, 300, 1200].randomElement(using: &random)!
    model.vendorConsents = randomSet(&random, upTo: largest, density: Double.random(in: 0...1, using: &random))
    model.vendorLegitimateInterests = randomSet(&random, upTo: largest, density: 0.1)
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let vendors = randomSet(&random, upTo: max(largest, 1), density: 0.05)
      let kind = PublisherRestriction.Kind(rawValue: Int.random(in: 0...2, using: &random))!
      model.publisherRestrictions.append(
        PublisherRestriction(purpose: Int.random(in: 1...24, using: &random), kind: kind, vendors: vendors))
    }
    model.disclosedVendors =
      Bool.random(using: &random) ? randomSet(&random, upTo: largest, density: 0.7) : nil
    if Bool.random(using: &random) {
      let count = Int.random(in: 0...63, using: &random)
      model.publisherPurposes = PublisherPurposes(
        consents: randomSet(&random, upTo: 24, density: 0.5),
        legitimateInterests: randomSet(&random, upTo: 24, density: 0.5), customPurposeCount: count,
        customConsents: randomSet(&random, upTo: count, density: 0.5),
        customLegitimateInterests: randomSet(&random, upTo: count, density: 0.5))
    }
    return model
  }
}
