/// The signals a decision gives every ad request: whether GDPR applies, the TC string, the GPP
/// string and its sections, and the Additional Consent string.
package struct ConsentStrings: Hashable, Sendable {
  /// 1 where GDPR applies, 0 where it does not.
  package var gdprApplies: Int
  /// The TC string (`user.consent`), where GDPR applies.
  package var tcString: String?
  /// The GPP string (`regs.gpp`).
  package var gppString: String?
  /// The GPP sections in force (`regs.gpp_sid`).
  package var gppSectionIDs: [Int]
  /// Google's Additional Consent string, for Prebid Server's `ConsentedProvidersSettings`.
  package var additionalConsent: String?
  /// Whether the player consented to purpose 1 (storing or reading on the device): without it no
  /// identifier is stored or sent.
  package var allowsIdentifiers: Bool

  /// The signals of the in-app keys `keys`.
  package init(keys: [String: String]) {
    gdprApplies = keys["IABTCF_gdprApplies"] == "1" ? 1 : 0
    tcString = keys["IABTCF_TCString"]
    gppString = keys["IABGPP_HDR_GppString"]
    gppSectionIDs = (keys["IABGPP_GppSID"] ?? "").split(separator: "_").compactMap { Int($0) }
    additionalConsent = keys["IABTCF_AddtlConsent"]
    allowsIdentifiers = gdprApplies == 0 || keys["IABTCF_PurposeConsents"]?.hasPrefix("1") == true
  }
}
