extension TCString {
  /// Reads the segment after its SegmentType: disclosed vendors (1), allowed vendors (2, from
  /// earlier policies: read and dropped) or publisher TC (3).
  static func readSegment(type: Int, from reader: inout BitReader, into model: inout TCModel) throws(ConsentStringError)
  {
    switch type {
    case 1:
      model.disclosedVendors = Set(try VendorSetCoding.read(from: &reader, "the disclosed vendors"))
    case 2:
      _ = try VendorSetCoding.read(from: &reader, "the allowed vendors")
    case 3:
      var publisher = PublisherPurposes()
      publisher.consents = ids(try reader.readFlags(24, "PubPurposesConsent"))
      publisher.legitimateInterests = ids(try reader.readFlags(24, "PubPurposesLITransparency"))
      publisher.customPurposeCount = try reader.read(6, "NumCustomPurposes")
      publisher.customConsents = ids(try reader.readFlags(publisher.customPurposeCount, "CustomPurposesConsent"))
      publisher.customLegitimateInterests = ids(
        try reader.readFlags(publisher.customPurposeCount, "CustomPurposesLITransparency"))
      model.publisherPurposes = publisher
    default:
      throw reader.error("SegmentType \(type) is not a segment of the format", at: 0)
    }
  }

  /// Refuses a model whose fields do not fit their widths or their ranges.
  static func check(_ model: TCModel) throws(ConsentStringError) {
    func require(_ condition: Bool, _ reason: String) throws(ConsentStringError) {
      if !condition { throw ConsentStringError(kind: "TC model", reason: reason, location: "encoding") }
    }
    let time = 0..<(1 << 36)
    try require(time.contains(model.created) && time.contains(model.lastUpdated), "a time does not fit 36 bits")
    try require((0..<4096).contains(model.cmpID), "CmpId \(model.cmpID) does not fit 12 bits")
    try require((0..<4096).contains(model.cmpVersion), "CmpVersion \(model.cmpVersion) does not fit 12 bits")
    try require((0..<64).contains(model.consentScreen), "ConsentScreen does not fit 6 bits")
    try require((0..<4096).contains(model.vendorListVersion), "VendorListVersion does not fit 12 bits")
    try require((0..<64).contains(model.policyVersion), "TcfPolicyVersion does not fit 6 bits")
    try require(
      isLetters(model.consentLanguage), "ConsentLanguage \"\(model.consentLanguage)\" is not two letters A to Z")
    try require(
      isLetters(model.publisherCountryCode), "PublisherCC \"\(model.publisherCountryCode)\" is not two letters")
    try require(model.specialFeatureOptIns.allSatisfy { (1...12).contains($0) }, "a special feature is not 1 to 12")
    let purposeSets = [model.purposeConsents, model.purposeLegitimateInterests]
    try require(purposeSets.allSatisfy { $0.allSatisfy { (1...24).contains($0) } }, "a purpose is not 1 to 24")
    var vendorSets = [model.vendorConsents, model.vendorLegitimateInterests, model.disclosedVendors ?? []]
    vendorSets += model.publisherRestrictions.map(\.vendors)
    try require(
      vendorSets.allSatisfy { $0.allSatisfy { (1...VendorSetCoding.largestVendorID).contains($0) } },
      "a vendor id is not 1 to 65,535")
    try require(model.publisherRestrictions.count < 4096, "more than 4,095 publisher restrictions")
    for restriction in model.publisherRestrictions {
      try require((1...24).contains(restriction.purpose), "a restriction's purpose is not 1 to 24")
      try require(
        VendorSetCoding.ranges(of: restriction.vendors.sorted()).count <= VendorSetCoding.largestEntryCount,
        "a restriction has more than 4,095 runs of vendors")
    }
    if let publisher = model.publisherPurposes {
      try require((0..<64).contains(publisher.customPurposeCount), "NumCustomPurposes does not fit 6 bits")
      let custom = 1...max(publisher.customPurposeCount, 1)
      try require(
        [publisher.consents, publisher.legitimateInterests].allSatisfy { $0.allSatisfy { (1...24).contains($0) } },
        "a publisher purpose is not 1 to 24")
      try require(
        [publisher.customConsents, publisher.customLegitimateInterests].allSatisfy {
          $0.allSatisfy { custom.contains($0) && $0 <= publisher.customPurposeCount }
        }, "a custom purpose is above NumCustomPurposes")
    }
  }

  static func flags(_ ids: Set<Int>, count: Int) -> [Bool] {
    (0..<count).map { ids.contains($0 + 1) }
  }

  static func ids(_ flags: [Bool]) -> Set<Int> {
    Set(flags.indices.filter { flags[$0] }.map { $0 + 1 })
  }

  static func isLetters(_ text: String) -> Bool {
    text.utf8.count == 2 && text.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
  }

  /// A location inside one segment, as a location in the whole string: bits stay bits, with the
  /// segment's first character named; characters move by `offset`.
  static func shifted(_ location: String, by offset: Int) -> String {
    if location.hasPrefix("character "), let number = Int(location.dropFirst("character ".count)) {
      return "character \(number + offset)"
    }
    return offset == 0 ? location : "\(location) of the segment at character \(offset + 1)"
  }
}
