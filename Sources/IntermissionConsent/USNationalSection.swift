/// The Global Privacy Platform's US national section (`usnat`, id 7): the notices given to the
/// player and the player's opt-outs, with the Global Privacy Control subsection.
///
/// Every field holds 0 (not applicable), 1 (yes: given, or opted out) or 2 (no). Version 1 has 12
/// categories of sensitive data and 2 of a known child's; version 2 has 16 and 3.
package struct USNationalSection: Hashable, Sendable {
  /// The section's version: 1 or 2.
  package var version: Int
  /// Notice of sharing personal data.
  package var sharingNotice = 0
  /// Notice of the opt-out of sale.
  package var saleOptOutNotice = 0
  /// Notice of the opt-out of sharing.
  package var sharingOptOutNotice = 0
  /// Notice of the opt-out of targeted advertising.
  package var targetedAdvertisingOptOutNotice = 0
  /// Notice of the opt-out of processing sensitive data.
  package var sensitiveDataProcessingOptOutNotice = 0
  /// Notice of the limit on using sensitive data.
  package var sensitiveDataLimitUseNotice = 0
  /// The opt-out of the sale of personal data: 1 opted out, 2 did not.
  package var saleOptOut = 0
  /// The opt-out of sharing personal data: 1 opted out, 2 did not.
  package var sharingOptOut = 0
  /// The opt-out of targeted advertising: 1 opted out, 2 did not.
  package var targetedAdvertisingOptOut = 0
  /// Each category of sensitive data's processing choice.
  package var sensitiveDataProcessing: [Int]
  /// A known child's sensitive data consents.
  package var knownChildSensitiveDataConsents: [Int]
  /// Consent to collecting personal data beyond what the service needs.
  package var personalDataConsents = 0
  /// Whether the transaction falls under the MSPA: 1 yes, 2 no.
  package var mspaCoveredTransaction = 2
  /// Whether the publisher is in the MSPA's opt-out option mode.
  package var mspaOptOutOptionMode = 0
  /// Whether the publisher is in the MSPA's service provider mode.
  package var mspaServiceProviderMode = 0
  /// The Global Privacy Control signal, or nil to leave its subsection out.
  package var globalPrivacyControl: Bool?

  /// A section of `version` (1 or 2; 2 is the current one) with every field 0 (not applicable) and
  /// no MSPA transaction.
  package init(version: Int = 2) {
    self.version = version
    sensitiveDataProcessing = Array(repeating: 0, count: version == 1 ? 12 : 16)
    knownChildSensitiveDataConsents = Array(repeating: 0, count: version == 1 ? 2 : 3)
  }

  private var notices: [Int] {
    [
      sharingNotice, saleOptOutNotice, sharingOptOutNotice, targetedAdvertisingOptOutNotice,
      sensitiveDataProcessingOptOutNotice, sensitiveDataLimitUseNotice, saleOptOut, sharingOptOut,
      targetedAdvertisingOptOut,
    ]
  }

  private var trailer: [Int] {
    [personalDataConsents, mspaCoveredTransaction, mspaOptOutOptionMode, mspaServiceProviderMode]
  }

  /// The section's string (its core, then `.` and the GPC subsection when it has one).
  /// - Throws: `ConsentStringError` when a field is not 0 to 2 or a list has the wrong length.
  package func encode() throws(ConsentStringError) -> String {
    let fields = notices + sensitiveDataProcessing + knownChildSensitiveDataConsents + trailer
    guard version == 1 || version == 2,
      sensitiveDataProcessing.count == (version == 1 ? 12 : 16),
      knownChildSensitiveDataConsents.count == (version == 1 ? 2 : 3),
      fields.allSatisfy({ (0...2).contains($0) }), mspaCoveredTransaction != 0
    else {
      throw ConsentStringError(
        kind: "usnat section",
        reason: "a field is not 0, 1 or 2, MspaCoveredTransaction is 0, or a list's length is wrong",
        location: "encoding")
    }
    var core = BitWriter()
    core.write(version, width: 6)
    for field in fields { core.write(field, width: 2) }
    core.pad(toMultipleOf: 8)
    var text = Base64URL.encode(core.bits)
    if let gpc = globalPrivacyControl {
      var subsection = BitWriter()
      subsection.write(1, width: 2)
      subsection.write(gpc)
      subsection.pad(toMultipleOf: 8)
      text += "." + Base64URL.encode(subsection.bits)
    }
    return text
  }

  /// The section in `string`, refusing a version other than 1 or 2, a field of 3, and a
  /// subsection other than GPC.
  /// - Throws: `ConsentStringError` with the field and the bit where it was found.
  package static func decode(_ string: String) throws(ConsentStringError) -> USNationalSection {
    let kind = "usnat section"
    let parts = string.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2 else {
      throw ConsentStringError(
        kind: kind, reason: "more than one subsection", location: "character \(parts[0].count + parts[1].count + 2)")
    }
    var reader = BitReader(bits: try Base64URL.decode(parts[0], kind: kind), kind: kind)
    let version = try reader.read(6, "Version")
    guard version == 1 || version == 2 else { throw reader.error("Version is \(version), not 1 or 2", at: 0) }
    var section = USNationalSection(version: version)
    func field(_ name: String) throws(ConsentStringError) -> Int {
      let value = try reader.read(2, name)
      guard value != 3 else {
        throw reader.error("\(name) is 3, which the section does not define", at: reader.position - 2)
      }
      return value
    }
    section.sharingNotice = try field("SharingNotice")
    section.saleOptOutNotice = try field("SaleOptOutNotice")
    section.sharingOptOutNotice = try field("SharingOptOutNotice")
    section.targetedAdvertisingOptOutNotice = try field("TargetedAdvertisingOptOutNotice")
    section.sensitiveDataProcessingOptOutNotice = try field("SensitiveDataProcessingOptOutNotice")
    section.sensitiveDataLimitUseNotice = try field("SensitiveDataLimitUseNotice")
    section.saleOptOut = try field("SaleOptOut")
    section.sharingOptOut = try field("SharingOptOut")
    section.targetedAdvertisingOptOut = try field("TargetedAdvertisingOptOut")
    for index in section.sensitiveDataProcessing.indices {
      section.sensitiveDataProcessing[index] = try field("SensitiveDataProcessing \(index + 1)")
    }
    for index in section.knownChildSensitiveDataConsents.indices {
      section.knownChildSensitiveDataConsents[index] = try field("KnownChildSensitiveDataConsents \(index + 1)")
    }
    section.personalDataConsents = try field("PersonalDataConsents")
    section.mspaCoveredTransaction = try field("MspaCoveredTransaction")
    guard section.mspaCoveredTransaction != 0 else {
      throw reader.error("MspaCoveredTransaction is 0; it must be 1 (yes) or 2 (no)", at: reader.position - 2)
    }
    section.mspaOptOutOptionMode = try field("MspaOptOutOptionMode")
    section.mspaServiceProviderMode = try field("MspaServiceProviderMode")
    try reader.expectPadding()
    if parts.count == 2 {
      var subsection = BitReader(bits: try Base64URL.decode(parts[1], kind: kind), kind: kind)
      let type = try subsection.read(2, "SubsectionType")
      guard type == 1 else { throw subsection.error("SubsectionType is \(type); only GPC (1) is defined", at: 0) }
      section.globalPrivacyControl = try subsection.readBool("Gpc")
      try subsection.expectPadding()
    }
    return section
  }
}
