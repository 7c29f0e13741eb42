import Foundation
import IntermissionConsent
import IntermissionTestSupport
import Testing

/// The consent file: every member read, and every mistake named with its line and column.
@Suite struct ConsentConfigurationTests {
  static func folder(with consent: String) throws -> String {
    let folder = try ScratchFolder.path("consent-file")
    try VendorListFixture.json(vendors: 10).write(
      toFile: folder + "/vendor-list.json", atomically: true, encoding: .utf8)
    try consent.write(toFile: folder + "/consent.json", atomically: true, encoding: .utf8)
    return folder
  }

  static let complete = """
    {
      "app": "space-game",
      "cmpId": 300,
      "cmpVersion": 2,
      "publisherCountryCode": "DE",
      "vendorList": "vendor-list.json",
      "translations": "purposes-{language}.json",
      "vendors": [8, 1, 755],
      "googleProviders": [{"id": 89, "name": "Provider 89", "privacyPolicy": "https://p89.example/privacy"}],
      "publisherPurposes": {"consent": [1, 3], "legitimateInterest": [2], "custom": [{"name": "Leaderboards", "description": "Scores."}]},
      "geographyURL": "http://127.0.0.1:9/geo",
      "geography": "us-ca",
      "maxAgeDays": 365
    }
    """

  @Test func everyMemberIsRead() throws {
    let folder = try Self.folder(with: Self.complete)
    let configuration = try ConsentConfiguration.parse(Array(Self.complete.utf8), path: folder + "/consent.json")
    #expect(configuration.app == "space-game" && configuration.cmpID == 300 && configuration.cmpVersion == 2)
    #expect(configuration.publisherCountryCode == "DE" && configuration.vendors == [1, 8, 755])
    guard case .file(let list) = configuration.vendorList else { Issue.record("not a file"); return }
    #expect(list.hasSuffix("/vendor-list.json"))
    #expect(configuration.googleProviders.map(\.id) == [89])
    #expect(
      configuration.publisherConsentPurposes == [1, 3] && configuration.publisherLegitimateInterestPurposes == [2])
    #expect(configuration.customPurposes.map(\.name) == ["Leaderboards"] && configuration.declaresPublisherPurposes)
    #expect(configuration.geography == .usState("ca") && configuration.maxAgeDays == 365)
  }

  @Test(arguments: [
    (
      "\"maxAgeDays\": 365", "\"maxAgeDays\": 365, \"colour\": 1",
      "line 13, column 22: \"colour\" is not a member of a consent file"
    ),
    ("\"cmpId\": 300", "\"cmpId\": 5000", "line 3, column 3: \"cmpId\" must be a whole number from 1 to 4095"),
    ("\"vendor-list.json\"", "\"../vendor-list.json\"", "\"vendorList\" leaves the consent file's folder"),
    (
      "\"vendor-list.json\"", "\"https://vendor-list.consensu.org/v3/vendor-list.json\"",
      "the TCF forbids clients to fetch the vendor list from the IAB's servers"
    ),
    ("\"vendor-list.json\"", "\"missing.json\"", "\"vendorList\" names no file"),
    ("\"vendor-list.json\"", "\"http://example.com/vendor-list.json\"", "must be an https URL"),
    ("\"vendor-list.json\"", "\"https://VENDOR-LIST.consensu.org./v3/vendor-list.json\"", "the TCF forbids clients"),
    ("\"vendor-list.json\"", "\"https://consensu.org/v3/vendor-list.json\"", "the TCF forbids clients"),
    ("\"http://127.0.0.1:9/geo\"", "\"http://example.com/geo\"", "\"geographyURL\" must be an https URL"),
    ("\"us-ca\"", "\"mars\"", "\"geography\" must be eea, uk, ch"),
    ("\"legitimateInterest\": [2]", "\"legitimateInterest\": [4]", "may not hold purposes 1 or 3 to 6"),
    ("[8, 1, 755]", "[8, 1, 8]", "lists a vendor twice"),
    ("\"space-game\"", "\"../up\"", "\"app\" must be 1 to 64 letters"),
    ("\"maxAgeDays\": 365", "\"maxAgeDays\": 500", "\"maxAgeDays\" must be a whole number from 1 to 395"),
  ])
  func mistakesAreNamedWithTheirPlace(original: String, replacement: String, message: String) throws {
    let text = Self.complete.replacingOccurrences(of: original, with: replacement)
    let folder = try Self.folder(with: text)
    #expect {
      _ = try ConsentConfiguration.parse(Array(text.utf8), path: folder + "/consent.json")
    } throws: { error in
      "\(error)".hasPrefix(folder + "/consent.json: ") && "\(error)".contains(message)
    }
  }
}
