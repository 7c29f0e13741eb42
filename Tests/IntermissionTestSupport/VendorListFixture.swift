/// Vendor lists in the IAB's format version 3, made up for tests: the eleven purposes, two special
/// features, a stack, and as many vendors as asked, each with purposes, legitimate interests,
/// retention and a privacy policy.
package enum VendorListFixture {
  /// The JSON of a list of `vendors` vendors (ids 1, 2, … with every seventh missing, as in the
  /// real list), at `version`, under TCF policy `policyVersion`.
  package static func json(vendors count: Int, version: Int = 120, policyVersion: Int = 5) -> String {
    var purposes: [String] = []
    for id in 1...11 {
      purposes.append(
        "\"\(id)\": {\"id\": \(id), \"name\": \"Purpose \(id)\", \"description\": \"What purpose \(id) does.\", "
          + "\"illustrations\": [\"An example of purpose \(id).\"]}")
    }
    var vendors: [String] = []
    var id = 0
    while vendors.count < count {
      id += 1
      if id % 7 == 0 { continue }
      let consent = id % 3 == 0 ? "[1, 3, 4]" : "[1, 2, 3, 4, 7]"
      let legitimate = id % 3 == 0 ? "[2, 7, 10]" : "[]"
      vendors.append(
        "\"\(id)\": {\"id\": \(id), \"name\": \"Vendor \(id) Ltd\", \"purposes\": \(consent), "
          + "\"legIntPurposes\": \(legitimate), \"flexiblePurposes\": [], \"specialPurposes\": [1, 2], "
          + "\"features\": [1], \"specialFeatures\": \(id % 5 == 0 ? "[1]" : "[]"), \"cookieMaxAgeSeconds\": 31536000, "
          + "\"usesCookies\": true, \"cookieRefresh\": false, \"usesNonCookieAccess\": false, "
          + "\"dataRetention\": {\"stdRetention\": \(30 + id % 365), \"purposes\": {}, \"specialPurposes\": {}}, "
          + "\"urls\": [{\"langId\": \"en\", \"privacy\": \"https://vendor\(id).example/privacy\", "
          + "\"legIntClaim\": \"https://vendor\(id).example/li\"}], \"dataDeclaration\": [1, 3], "
          + "\"deviceStorageDisclosureUrl\": \"https://vendor\(id).example/storage.json\"}")
    }
    return """
      {"gvlSpecificationVersion": 3, "vendorListVersion": \(version), "tcfPolicyVersion": \(policyVersion),
       "lastUpdated": "2026-11-26T16:00:00Z",
       "purposes": {\(purposes.joined(separator: ",\n"))},
       "specialPurposes": {"1": {"id": 1, "name": "Security", "description": "Keep systems secure.", "illustrations": []},
         "2": {"id": 2, "name": "Delivery", "description": "Deliver ads.", "illustrations": []}},
       "features": {"1": {"id": 1, "name": "Matching", "description": "Match data.", "illustrations": []}},
       "specialFeatures": {"1": {"id": 1, "name": "Precise geolocation", "description": "Use precise location.", "illustrations": []},
         "2": {"id": 2, "name": "Device scanning", "description": "Scan the device.", "illustrations": []}},
       "stacks": {"1": {"id": 1, "purposes": [2, 7], "specialFeatures": [], "name": "Basic ads and measurement",
         "description": "Basic ads, and their measurement."}},
       "dataCategories": {"1": {"id": 1, "name": "IP addresses", "description": "Your IP address."}},
       "vendors": {\(vendors.joined(separator: ",\n"))}}
      """
  }
}
