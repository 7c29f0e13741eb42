import CAllocationCounter
import Foundation
import IntermissionBasics
import IntermissionConsent

/// Row 17: consent. A vendor list of 1,000 vendors, shaped as the IAB's (names, purposes,
/// retention, privacy policies in several languages), parsed as a worker parses it off the loop:
/// the time, and the memory the parsed list keeps against the size of its JSON.
func addConsentRows(to report: inout Report) throws {
  progress("17. consent: a 1,000-vendor list parsed off the loop, its time and memory ...")
  let json = Array(vendorListJSON(vendors: 1000).utf8)
  var times: [Double] = []
  for _ in 0..<21 {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = try GlobalVendorList.parse(json, name: "vendor-list.json")
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  times.sort()
  var syntax: [Double] = []
  for _ in 0..<21 {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = try StrictJSON.parse(json)
    syntax.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  syntax.sort()
  // The memory the parsed list holds: what the parse allocated and did not free, on this thread.
  allocation_counter_begin()
  let list = try GlobalVendorList.parse(json, name: "vendor-list.json")
  let held = allocation_counter_held_bytes()
  _ = allocation_counter_end()
  let ratio = Double(held) / Double(json.count)
  report.add(
    "17. a vendor list of \(list.vendors.count) vendors (\(json.count / 1024) KiB of JSON) parsed, median of 21",
    "\(formatted(times[times.count / 2], 1)) ms", goal: "< 50 ms", met: times[times.count / 2] < 50)
  report.add(
    "   of which the strict JSON parse alone (StrictJSON)", "\(formatted(syntax[syntax.count / 2], 1)) ms", goal: "—",
    met: nil)
  report.add(
    "   memory the parsed list keeps, over its JSON's size", "\(formatted(ratio, 2)) ×", goal: "<= 4 ×",
    met: allocation_counter_is_available() == 1 ? ratio <= 4 : nil)
}

/// A list in the IAB's format 3 with `count` vendors, each with a name, purposes, legitimate
/// interests, special purposes, features, retention, a data declaration and its privacy policy in
/// three languages, as the IAB's own list has them.
func vendorListJSON(vendors count: Int) -> String {
  var purposes: [String] = []
  for id in 1...11 {
    purposes.append(
      "\"\(id)\": {\"id\": \(id), \"name\": \"Purpose \(id) of the framework\", \"description\": \""
        + String(repeating: "What the purpose does, in the framework's words. ", count: 4)
        + "\", \"illustrations\": [\"An illustration of the purpose.\", \"Another illustration.\"]}")
  }
  var vendors: [String] = []
  for id in 1...count {
    let urls = ["en", "de", "fr"].map { language in
      "{\"langId\": \"\(language)\", \"privacy\": \"https://www.vendor-\(id).example.com/\(language)/privacy-policy\", "
        + "\"legIntClaim\": \"https://www.vendor-\(id).example.com/\(language)/legitimate-interest\"}"
    }
    vendors.append(
      "\"\(id)\": {\"id\": \(id), \"name\": \"Vendor \(id) Advertising Technologies Ltd\", "
        + "\"purposes\": [1, 3, 4], \"legIntPurposes\": [2, 7, 8, 9, 10], \"flexiblePurposes\": [2, 7], "
        + "\"specialPurposes\": [1, 2], \"features\": [1, 2, 3], \"specialFeatures\": [1], "
        + "\"cookieMaxAgeSeconds\": 31536000, \"usesCookies\": true, \"cookieRefresh\": true, "
        + "\"usesNonCookieAccess\": true, \"dataRetention\": {\"stdRetention\": 365, \"purposes\": {\"1\": 30}, "
        + "\"specialPurposes\": {}}, \"urls\": [\(urls.joined(separator: ", "))], "
        + "\"dataDeclaration\": [1, 2, 3, 4, 6, 8, 10, 11], "
        + "\"deviceStorageDisclosureUrl\": \"https://www.vendor-\(id).example.com/device-storage.json\"}")
  }
  return """
    {"gvlSpecificationVersion": 3, "vendorListVersion": 120, "tcfPolicyVersion": 5,
     "lastUpdated": "2026-11-26T16:00:00Z", "purposes": {\(purposes.joined(separator: ", "))},
     "specialPurposes": {}, "features": {}, "specialFeatures": {}, "stacks": {}, "dataCategories": {},
     "vendors": {\(vendors.joined(separator: ",\n"))}}
    """
}
