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
public struct ConsentConfiguration: Hashable, Sendable {
  /// A Google ad technology provider the game works with (Additional Consent).
  public struct GoogleProvider: Hashable, Sendable {
    /// Google's id for it.
    public let id: Int
    /// Its name, as the form shows it.
    public let name: String
    /// Its privacy policy's URL.
    public let privacyPolicyURL: String
  }

  /// A purpose of the publisher's own, beyond the vendor list's.
  public struct CustomPurpose: Hashable, Sendable {
    /// Its name.
    public let name: String
    /// What it is for.
    public let description: String
  }

  /// Where a document comes from: a file inside the consent file's folder, or an https URL.
  public enum Source: Hashable, Sendable {
    /// A file, by its canonical path (for translations, with `{language}` in its name).
    case file(String)
    /// A URL on the publisher's server.
    case url(String)
  }

  /// The game's name for its store folder (letters, digits, `.`, `_`, `-`).
  public let app: String
  /// The consent tool's id (the publisher's IAB registration).
  public let cmpID: Int
  /// The consent tool's version.
  public let cmpVersion: Int
  /// The publisher's country (two capital letters).
  public let publisherCountryCode: String
  /// The vendor list.
  public let vendorList: Source
  /// The translations of the vendor list, with `{language}` for the language (a file's path is
  /// relative to `folder`); nil for English only.
  public let translations: Source?
  /// The consent file's folder (resolved), which its files may not leave.
  public let folder: String
  /// The IAB vendors the game works with, ascending.
  public let vendors: [Int]
  /// The Google ad technology providers the game works with.
  public let googleProviders: [GoogleProvider]
  /// The standard purposes the publisher asks consent for, for itself.
  public let publisherConsentPurposes: [Int]
  /// The standard purposes the publisher uses on legitimate interest.
  public let publisherLegitimateInterestPurposes: [Int]
  /// The publisher's custom purposes.
  public let customPurposes: [CustomPurpose]
  /// Whether the consent file declares publisher purposes (then TC strings have that segment).
  public let declaresPublisherPurposes: Bool
  /// The publisher's server that answers where the player is, or nil.
  public let geographyURL: String?
  /// Where the player is, as the game says; nil to ask `geographyURL` or not know.
  public let geography: ConsentGeography?
  /// How old a decision may be before the player is asked again, in days (at most 13 months).
  public let maxAgeDays: Int
}
