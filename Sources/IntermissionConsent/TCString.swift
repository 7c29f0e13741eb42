/// The TC string's encoder and strict decoder (version 2 of the format): the core segment, then
/// the optional segments after dots, each in URL-safe base64 without padding.
package enum TCString {
  private static let kind = "TC string"

  /// The string for `model`, after checking that every field fits its width.
  ///
  /// The disclosed vendors segment is written when `model.disclosedVendors` is not nil, and the
  /// publisher TC segment when `model.publisherPurposes` is not nil.
  /// - Throws: `ConsentStringError` naming the field that does not fit.
  package static func encode(_ model: TCModel) throws(ConsentStringError) -> String {
    try check(model)
    var core = BitWriter()
    core.write(2, width: 6)
    core.write(model.created, width: 36)
    core.write(model.lastUpdated, width: 36)
    core.write(model.cmpID, width: 12)
    core.write(model.cmpVersion, width: 12)
    core.write(model.consentScreen, width: 6)
    core.writeLetters(model.consentLanguage)
    core.write(model.vendorListVersion, width: 12)
    core.write(model.policyVersion, width: 6)
    core.write(model.isServiceSpecific)
    core.write(model.useNonStandardTexts)
    core.write(flags(model.specialFeatureOptIns, count: 12))
    core.write(flags(model.purposeConsents, count: 24))
    core.write(flags(model.purposeLegitimateInterests, count: 24))
    core.write(model.purposeOneTreatment)
    core.writeLetters(model.publisherCountryCode)
    VendorSetCoding.write(model.vendorConsents.sorted(), to: &core)
    VendorSetCoding.write(model.vendorLegitimateInterests.sorted(), to: &core)
    core.write(model.publisherRestrictions.count, width: 12)
    for restriction in model.publisherRestrictions {
      core.write(restriction.purpose, width: 6)
      core.write(restriction.kind.rawValue, width: 2)
      VendorSetCoding.writeEntries(VendorSetCoding.ranges(of: restriction.vendors.sorted()), to: &core)
    }
    var segments = [core]
    if let disclosed = model.disclosedVendors {
      var segment = BitWriter()
      segment.write(1, width: 3)
      VendorSetCoding.write(disclosed.sorted(), to: &segment)
      segments.append(segment)
    }
    if let publisher = model.publisherPurposes {
      var segment = BitWriter()
      segment.write(3, width: 3)
      segment.write(flags(publisher.consents, count: 24))
      segment.write(flags(publisher.legitimateInterests, count: 24))
      segment.write(publisher.customPurposeCount, width: 6)
      segment.write(flags(publisher.customConsents, count: publisher.customPurposeCount))
      segment.write(flags(publisher.customLegitimateInterests, count: publisher.customPurposeCount))
      segments.append(segment)
    }
    return segments.map { segment in
      var padded = segment
      padded.pad(toMultipleOf: 24)
      return Base64URL.encode(padded.bits)
    }.joined(separator: ".")
  }

  /// The model in `string`, refusing anything the format does not allow.
  /// - Throws: `ConsentStringError` with the reason and the segment and bit where it was found.
  package static func decode(_ string: String) throws(ConsentStringError) -> TCModel {
    guard !string.isEmpty else {
      throw ConsentStringError(kind: kind, reason: "the string is empty", location: "character 1")
    }
    guard string.utf8.count <= 100_000 else {
      throw ConsentStringError(
        kind: kind, reason: "the string is longer than 100,000 characters", location: "character 1")
    }
    let parts = string.split(separator: ".", omittingEmptySubsequences: false)
    var offset = 0
    var model: TCModel?
    var seenSegments: Set<Int> = []
    for (index, part) in parts.enumerated() {
      let name = index == 0 ? "the core segment" : "segment \(index + 1)"
      do throws(ConsentStringError) {
        guard !part.isEmpty else {
          throw ConsentStringError(kind: kind, reason: "\(name) is empty", location: "character \(offset + 1)")
        }
        let bits = try Base64URL.decode(part, kind: kind)
        var reader = BitReader(bits: bits, kind: kind)
        // The first part is the core segment; every later one adds to the model it made.
        if var decoded = model {
          let type = try reader.read(3, "SegmentType")
          guard seenSegments.insert(type).inserted else {
            throw reader.error("a second segment of type \(type)", at: 0)
          }
          try readSegment(type: type, from: &reader, into: &decoded)
          model = decoded
        } else {
          model = try readCore(&reader)
        }
        try reader.expectPadding()
      } catch {
        throw ConsentStringError(
          kind: kind, reason: "\(name): \(error.reason)", location: shifted(error.location, by: offset))
      }
      offset += part.utf8.count + 1
    }
    // `split` gives at least one part, and the core segment's either made the model or threw.
    guard let model else {
      throw ConsentStringError(kind: kind, reason: "the core segment is missing", location: "character 1")
    }
    return model
  }

  private static func readCore(_ reader: inout BitReader) throws(ConsentStringError) -> TCModel {
    let version = try reader.read(6, "Version")
    guard version == 2 else { throw reader.error("Version is \(version); only version 2 is read", at: 0) }
    let created = try reader.read(36, "Created")
    let lastUpdated = try reader.read(36, "LastUpdated")
    let cmpID = try reader.read(12, "CmpId")
    let cmpVersion = try reader.read(12, "CmpVersion")
    let consentScreen = try reader.read(6, "ConsentScreen")
    let language = try reader.readLetters("ConsentLanguage")
    var model = TCModel(
      cmpID: cmpID, cmpVersion: cmpVersion, consentLanguage: language,
      vendorListVersion: try reader.read(12, "VendorListVersion"), created: created)
    model.lastUpdated = lastUpdated
    model.consentScreen = consentScreen
    model.disclosedVendors = nil
    model.policyVersion = try reader.read(6, "TcfPolicyVersion")
    model.isServiceSpecific = try reader.readBool("IsServiceSpecific")
    // TCF 2.2 and later: a vendor must treat a string with IsServiceSpecific 0 as invalid.
    guard model.isServiceSpecific else {
      throw reader.error("IsServiceSpecific is 0, which the TCF makes invalid", at: reader.position - 1)
    }
    model.useNonStandardTexts = try reader.readBool("UseNonStandardTexts")
    model.specialFeatureOptIns = ids(try reader.readFlags(12, "SpecialFeatureOptIns"))
    model.purposeConsents = ids(try reader.readFlags(24, "PurposesConsent"))
    model.purposeLegitimateInterests = ids(try reader.readFlags(24, "PurposesLITransparency"))
    model.purposeOneTreatment = try reader.readBool("PurposeOneTreatment")
    model.publisherCountryCode = try reader.readLetters("PublisherCC")
    model.vendorConsents = Set(try VendorSetCoding.read(from: &reader, "the vendor consents"))
    model.vendorLegitimateInterests = Set(try VendorSetCoding.read(from: &reader, "the vendor legitimate interests"))
    let restrictionCount = try reader.read(12, "NumPubRestrictions")
    for number in 1...max(restrictionCount, 1) where number <= restrictionCount {
      let start = reader.position
      let purpose = try reader.read(6, "restriction \(number)'s PurposeId")
      let type = try reader.read(2, "restriction \(number)'s RestrictionType")
      guard (1...24).contains(purpose) else {
        throw reader.error("restriction \(number) names purpose \(purpose)", at: start)
      }
      guard let kind = PublisherRestriction.Kind(rawValue: type) else {
        throw reader.error("restriction \(number) has the undefined RestrictionType 3", at: start)
      }
      let vendors = try VendorSetCoding.readEntries(from: &reader, "restriction \(number)")
      model.publisherRestrictions.append(PublisherRestriction(purpose: purpose, kind: kind, vendors: Set(vendors)))
    }
    return model
  }
}
