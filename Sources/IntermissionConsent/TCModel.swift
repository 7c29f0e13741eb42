/// Every field of a TC string (the IAB's Transparency and Consent string, version 2 of the format):
/// the core segment, the disclosed vendors segment and the publisher TC segment.
///
/// Ids are the vendor list's: purposes 1 to 24, special features 1 to 12, vendors 1 to 65,535.
/// Times are deciseconds since 1970 (UTC), as the string holds them.
package struct TCModel: Hashable, Sendable {
  /// When the consent was first given, in deciseconds since 1970.
  package var created: Int
  /// When it was last changed, in deciseconds since 1970.
  package var lastUpdated: Int
  /// The consent tool's id, from the IAB's registration (1 to 4,095).
  package var cmpID: Int
  /// The consent tool's version (0 to 4,095).
  package var cmpVersion: Int
  /// Which screen of the tool the player decided on (0 to 63).
  package var consentScreen: Int
  /// The language the player was asked in: two letters A to Z ("EN").
  package var consentLanguage: String
  /// The version of the vendor list the player saw.
  package var vendorListVersion: Int
  /// The TCF policy version: 5 for TCF 2.3.
  package var policyVersion: Int
  /// Whether the consent is for this service only: always true for Intermission's strings.
  package var isServiceSpecific: Bool
  /// Whether the publisher's own texts replaced the standard ones.
  package var useNonStandardTexts: Bool
  /// The special features opted in (1 to 12).
  package var specialFeatureOptIns: Set<Int>
  /// The purposes consented to (1 to 24).
  package var purposeConsents: Set<Int>
  /// The purposes whose legitimate interest was disclosed and not objected to (1 to 24).
  package var purposeLegitimateInterests: Set<Int>
  /// Whether purpose 1 was not disclosed (a publisher in a country that does not need it).
  package var purposeOneTreatment: Bool
  /// The publisher's country: two letters A to Z ("AA" when unknown).
  package var publisherCountryCode: String
  /// The vendors consented to.
  package var vendorConsents: Set<Int>
  /// The vendors whose legitimate interest was disclosed and not objected to.
  package var vendorLegitimateInterests: Set<Int>
  /// The publisher's restrictions on vendors' purposes.
  package var publisherRestrictions: [PublisherRestriction]
  /// The vendors disclosed to the player (the disclosed vendors segment), or nil without it.
  package var disclosedVendors: Set<Int>?
  /// The publisher's own purposes (the publisher TC segment), or nil without it.
  package var publisherPurposes: PublisherPurposes?

  /// A model with nothing consented, for `cmpID` and `cmpVersion`, on TCF 2.3's policy version.
  package init(cmpID: Int, cmpVersion: Int, consentLanguage: String, vendorListVersion: Int, created: Int) {
    self.created = created
    self.lastUpdated = created
    self.cmpID = cmpID
    self.cmpVersion = cmpVersion
    self.consentScreen = 0
    self.consentLanguage = consentLanguage
    self.vendorListVersion = vendorListVersion
    self.policyVersion = 5
    self.isServiceSpecific = true
    self.useNonStandardTexts = false
    self.specialFeatureOptIns = []
    self.purposeConsents = []
    self.purposeLegitimateInterests = []
    self.purposeOneTreatment = false
    self.publisherCountryCode = "AA"
    self.vendorConsents = []
    self.vendorLegitimateInterests = []
    self.publisherRestrictions = []
    self.disclosedVendors = []
    self.publisherPurposes = nil
  }
}

/// A publisher's restriction on the vendors that may use one purpose, and on which legal basis.
package struct PublisherRestriction: Hashable, Sendable {
  /// What the restriction allows.
  package enum Kind: Int, Hashable, Sendable {
    /// The vendors may not use the purpose at all.
    case notAllowed = 0
    /// The vendors need consent for it.
    case requireConsent = 1
    /// The vendors need legitimate interest for it.
    case requireLegitimateInterest = 2
  }

  /// The purpose restricted (1 to 24).
  package var purpose: Int
  /// What is allowed.
  package var kind: Kind
  /// The vendors restricted.
  package var vendors: Set<Int>

  /// A restriction of `purpose` to `kind` for `vendors`.
  package init(purpose: Int, kind: Kind, vendors: Set<Int>) {
    self.purpose = purpose
    self.kind = kind
    self.vendors = vendors
  }
}

/// The publisher TC segment: the publisher's own use of the standard purposes, and its custom ones.
package struct PublisherPurposes: Hashable, Sendable {
  /// The standard purposes consented to for the publisher (1 to 24).
  package var consents: Set<Int>
  /// The standard purposes on legitimate interest for the publisher (1 to 24).
  package var legitimateInterests: Set<Int>
  /// How many custom purposes the publisher declared (0 to 63).
  package var customPurposeCount: Int
  /// The custom purposes consented to (1 to `customPurposeCount`).
  package var customConsents: Set<Int>
  /// The custom purposes on legitimate interest (1 to `customPurposeCount`).
  package var customLegitimateInterests: Set<Int>

  /// A segment of `customPurposeCount` custom purposes and the choices given.
  package init(
    consents: Set<Int> = [], legitimateInterests: Set<Int> = [], customPurposeCount: Int = 0,
    customConsents: Set<Int> = [], customLegitimateInterests: Set<Int> = []
  ) {
    self.consents = consents
    self.legitimateInterests = legitimateInterests
    self.customPurposeCount = customPurposeCount
    self.customConsents = customConsents
    self.customLegitimateInterests = customLegitimateInterests
  }
}
