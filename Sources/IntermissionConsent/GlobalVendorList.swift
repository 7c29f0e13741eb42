/// The IAB's Global Vendor List (format version 3): the purposes, features, stacks and data
/// categories a consent form explains, and the vendors a game works with.
///
/// Only what a form and a TC string need is kept, so that a list of a thousand vendors stays
/// small in memory. Vendors with a `deletedDate` are dropped.
package struct GlobalVendorList: Sendable {
  /// A purpose, special purpose, feature, special feature or data category: its id and texts.
  package struct Declaration: Hashable, Sendable {
    /// The id (1, 2, …).
    package let id: Int
    /// The name.
    package var name: String
    /// The description.
    package var description: String
    /// The illustrations (examples).
    package var illustrations: [String]
  }

  /// A stack: purposes and special features that a form may present as one.
  package struct Stack: Hashable, Sendable {
    /// The id.
    package let id: Int
    /// The name.
    package var name: String
    /// The description.
    package var description: String
    /// The purposes it groups.
    package let purposes: [Int]
    /// The special features it groups.
    package let specialFeatures: [Int]
  }

  /// A vendor: what it does, on which legal basis, how long it keeps data, and its privacy policy.
  package struct Vendor: Hashable, Sendable {
    /// The vendor's id (1 to 65,535).
    package let id: Int
    /// The vendor's name.
    package let name: String
    /// The purposes it asks consent for.
    package let purposes: [UInt8]
    /// The purposes it claims a legitimate interest for.
    package let legitimateInterestPurposes: [UInt8]
    /// The purposes whose legal basis a publisher may change.
    package let flexiblePurposes: [UInt8]
    /// The special purposes it uses.
    package let specialPurposes: [UInt8]
    /// The features it uses.
    package let features: [UInt8]
    /// The special features it uses.
    package let specialFeatures: [UInt8]
    /// How long it keeps data, in days: its standard retention, or nil when it gives none.
    package let standardRetentionDays: Int?
    /// How long a cookie lives, in seconds, or nil when it uses none.
    package let cookieMaxAgeSeconds: Int?
    /// Whether it accesses the device other than by cookies.
    package let usesNonCookieAccess: Bool
    /// Its privacy policy's URL, in English where it gives one in English.
    package let privacyPolicyURL: String
    /// Its legitimate interest claim's URL, where it gives one.
    package let legitimateInterestClaimURL: String?

    /// Whether a TC string's vendor legitimate interest bit speaks for it: it claims a legitimate
    /// interest, or it uses special purposes alone (whose basis is legitimate interest).
    package var hasLegitimateInterestBit: Bool {
      !legitimateInterestPurposes.isEmpty || (purposes.isEmpty && !specialPurposes.isEmpty)
    }
  }

  /// The format's version: 3.
  package let specificationVersion: Int
  /// The list's version (a TC string's VendorListVersion).
  package let vendorListVersion: Int
  /// The TCF policy version the list is written for.
  package let policyVersion: Int
  /// When the list was last updated, as the list says it.
  package let lastUpdated: String
  /// The purposes, by id.
  package var purposes: [Declaration]
  /// The special purposes, by id.
  package var specialPurposes: [Declaration]
  /// The features, by id.
  package var features: [Declaration]
  /// The special features, by id.
  package var specialFeatures: [Declaration]
  /// The stacks, by id.
  package var stacks: [Stack]
  /// The data categories, by id.
  package var dataCategories: [Declaration]
  /// The vendors not deleted, by id.
  package let vendors: [Vendor]

  /// The vendor with `id`, if the list has it.
  package func vendor(_ id: Int) -> Vendor? {
    var low = 0
    var high = vendors.count - 1
    while low <= high {
      let middle = (low + high) / 2
      if vendors[middle].id == id { return vendors[middle] }
      if vendors[middle].id < id { low = middle + 1 } else { high = middle - 1 }
    }
    return nil
  }
}
