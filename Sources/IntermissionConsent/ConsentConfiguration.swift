import IntermissionBasics

/// The consent file a game ships (`--consent FILE`, the C API's `consent_path`): who runs the
/// consent tool, which vendor list and partners the game uses, and how to learn where the player is.
///
/// ```json
/// { "app": "my-game", "cmpId": 300, "cmpVersion": 1, "publisherCountryCode": "DE",
///   "vendorList": "vendor-list.json", "translations": "purposes-{language}.json",
///   "vendors": [1, 755], "googleProviders": [{ "id": 89, "name": "…", "privacyPolicy": "https://…" }],
///   "publisherPurposes": { "consent": [1], "legitimateInterest": [], "custom": [{ "name": "…", "description": "…" }] },
///   "geographyURL": "https://example.com/geo", "maxAgeDays": 390 }
/// ```
package struct ConsentConfiguration: Hashable, Sendable {
  /// A Google ad technology provider the game works with (Additional Consent).
  package struct GoogleProvider: Hashable, Sendable {
    /// Google's id for it.
    package let id: Int
    /// Its name, as the form shows it.
    package let name: String
    /// Its privacy policy's URL.
    package let privacyPolicyURL: String
  }

  /// A purpose of the publisher's own, beyond the vendor list's.
  package struct CustomPurpose: Hashable, Sendable {
    /// Its name.
    package let name: String
    /// What it is for.
    package let description: String
  }

  /// Where a document comes from: a file inside the consent file's folder, or an https URL.
  package enum Source: Hashable, Sendable {
    /// A file, by its canonical path (for translations, with `{language}` in its name).
    case file(String)
    /// A URL on the publisher's server.
    case url(String)
  }

  /// The game's name for its store folder (letters, digits, `.`, `_`, `-`).
  package let app: String
  /// The consent tool's id (the publisher's IAB registration).
  package let cmpID: Int
  /// The consent tool's version.
  package let cmpVersion: Int
  /// The publisher's country (two capital letters).
  package let publisherCountryCode: String
  /// The vendor list.
  package let vendorList: Source
  /// The translations of the vendor list, with `{language}` for the language (a file's path is
  /// relative to `folder`); nil for English only.
  package let translations: Source?
  /// The consent file's folder (resolved), which its files may not leave.
  package let folder: String
  /// The IAB vendors the game works with, ascending.
  package let vendors: [Int]
  /// The Google ad technology providers the game works with.
  package let googleProviders: [GoogleProvider]
  /// The standard purposes the publisher asks consent for, for itself.
  package let publisherConsentPurposes: [Int]
  /// The standard purposes the publisher uses on legitimate interest.
  package let publisherLegitimateInterestPurposes: [Int]
  /// The publisher's custom purposes.
  package let customPurposes: [CustomPurpose]
  /// Whether the consent file declares publisher purposes (then TC strings have that segment).
  package let declaresPublisherPurposes: Bool
  /// The publisher's server that answers where the player is, or nil.
  package let geographyURL: String?
  /// Where the player is, as the game says; nil to ask `geographyURL` or not know.
  package let geography: ConsentGeography?
  /// How old a decision may be before the player is asked again, in days (at most 13 months).
  package let maxAgeDays: Int
}
