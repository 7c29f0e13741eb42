import IntermissionConsent
import IntermissionTestSupport
import Testing

/// The vendor list and its translations, read as untrusted documents.
@Suite struct GlobalVendorListTests {
  @Test func aListOfAThousandVendorsIsRead() throws {
    let list = try GlobalVendorList.parse(Array(VendorListFixture.json(vendors: 1000).utf8), name: "list.json")
    #expect(list.vendors.count == 1000 && list.vendorListVersion == 120 && list.policyVersion == 5)
    #expect(list.purposes.map(\.id) == Array(1...11) && list.stacks.first?.purposes == [2, 7])
    let vendor = try #require(list.vendor(6))
    #expect(
      vendor.name == "Vendor 6 Ltd" && vendor.purposes == [1, 3, 4] && vendor.legitimateInterestPurposes == [2, 7, 10])
    #expect(vendor.privacyPolicyURL == "https://vendor6.example/privacy" && vendor.standardRetentionDays == 36)
    #expect(list.vendor(7) == nil && list.vendor(8)?.id == 8)
  }

  @Test func deletedVendorsAreDropped() throws {
    let json = VendorListFixture.json(vendors: 3).replacingOccurrences(
      of: "\"name\": \"Vendor 2 Ltd\"", with: "\"name\": \"Vendor 2 Ltd\", \"deletedDate\": \"2026-01-01T00:00:00Z\"")
    let list = try GlobalVendorList.parse(Array(json.utf8), name: "list.json")
    #expect(list.vendors.map(\.id) == [1, 3])
  }

  @Test(arguments: [
    ("{\"gvlSpecificationVersion\": 3,", "not valid JSON: line 1, column 31"),
    (String(VendorListFixture.json(vendors: 5).dropLast(40)), "not valid JSON"),
    (
      VendorListFixture.json(vendors: 2).replacingOccurrences(
        of: "\"2\": {\"id\": 2, \"name\": \"Vendor", with: "\"1\": {\"id\": 1, \"name\": \"Vendor"),
      "duplicate"
    ),
    (
      VendorListFixture.json(vendors: 2).replacingOccurrences(
        of: "\"2\": {\"id\": 2,", with: "\"65536\": {\"id\": 65536,"),
      "vendors.\"65536\" is not an id from 1 to 65535"
    ),
    (
      VendorListFixture.json(vendors: 2).replacingOccurrences(of: "\"2\": {\"id\": 2,", with: "\"2\": {\"id\": 3,"),
      "vendors.\"2\".id is 3, not its key 2"
    ),
    (
      VendorListFixture.json(vendors: 2).replacingOccurrences(
        of: "\"gvlSpecificationVersion\": 3", with: "\"gvlSpecificationVersion\": 2"),
      "only 3 is read"
    ),
    (
      VendorListFixture.json(vendors: 2).replacingOccurrences(
        of: "\"purposes\": [1, 2, 3, 4, 7]", with: "\"purposes\": [1, 25]"),
      "vendors.\"1\".purposes[1] must be a whole number from 1 to 24"
    ),
  ])
  func hostileListsAreRefusedWithWhereAndWhy(json: String, reason: String) {
    #expect {
      _ = try GlobalVendorList.parse(Array(json.utf8), name: "list.json")
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix("list.json: ") && text.contains(reason)
    }
  }

  @Test func aListOf50MiBIsRefusedBeforeItIsParsed() {
    let bytes = [UInt8](repeating: 0x20, count: 50 * 1024 * 1024)
    #expect {
      _ = try GlobalVendorList.parse(bytes, name: "big.json")
    } throws: { error in
      "\(error)".contains("larger than 16 MiB")
    }
  }

  @Test func aTranslationReplacesWhatItGivesAndNamesWhatItLacks() throws {
    let list = try GlobalVendorList.parse(Array(VendorListFixture.json(vendors: 2).utf8), name: "list.json")
    let french = """
      {"gvlSpecificationVersion": 3, "vendorListVersion": 120, "tcfPolicyVersion": 5,
       "purposes": {"1": {"id": 1, "name": "Stocker des informations", "description": "Sur un appareil.",
         "illustrations": ["Un exemple."]}},
       "stacks": {"1": {"id": 1, "name": "Publicité de base", "description": "Et sa mesure."}}}
      """
    let translation = try VendorListTranslation.parse(Array(french.utf8), language: "fr", name: "purposes-fr.json")
    let (translated, untranslated) = translation.translating(list)
    #expect(
      translated.purposes[0].name == "Stocker des informations"
        && translated.purposes[0].illustrations == ["Un exemple."])
    #expect(translated.purposes[1].name == "Purpose 2")
    #expect(translated.stacks[0].name == "Publicité de base")
    #expect(
      untranslated.contains("purposes 2") && untranslated.contains("specialFeatures 1")
        && !untranslated.contains("purposes 1"))
    #expect(translated.vendors == list.vendors)
  }

  @Test func aTranslationWithAWrongEntryIsRefused() {
    let json = "{\"purposes\": {\"1\": {\"id\": 1, \"name\": 5, \"description\": \"x\"}}}"
    #expect {
      _ = try VendorListTranslation.parse(Array(json.utf8), language: "fr", name: "purposes-fr.json")
    } throws: { error in
      "\(error)" == "purposes-fr.json: purposes.\"1\".name must be a string"
    }
  }
}
