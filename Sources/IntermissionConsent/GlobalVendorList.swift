/// The IAB's Global Vendor List (format version 3): the purposes, features, stacks and data
/// categories a consent form explains, and the vendors a game works with.
///
/// Only what a form and a TC string need is kept, so that a list of a thousand vendors stays
/// small in memory. Vendors with a `deletedDate` are dropped.
public struct GlobalVendorList: Sendable {
  /// A purpose, special purpose, feature, special feature or data category: its id and texts.
  public struct Declaration: Hashable, Sendable {
    /// The id (1, 2, …).
    public let id: Int
    /// The name.
    public var name: String
    /// The description.
    public var description: String
    /// The illustrations (examples).
    public var illustrations: [String]
  }

  /// A stack: purposes and special features that a form may present as one.
  public struct Stack: Hashable, Sendable {
    /// The id.
    public let id: Int
    /// The name.
    public var name: String
    /// The description.
    public var description: String
    /// The purposes it groups.
    public let purposes: [Int]
    /// The special features it groups.
    public let specialFeatures: [Int]
  }

  /// A vendor: what it does, on which legal basis, how long it keeps data, and its privacy policy.
  public struct Vendor: Hashable, Sendable {
    /// The vendor's id (1 to 65,535).
    public let id: Int
    /// The vendor's name.
    public let name: String
    /// The purposes it asks consent for.
    public let purposes: [UInt8]
    /// The purposes it claims a legitimate interest for.
    public let legitimateInterestPurposes: [UInt8]
    /// The purposes whose legal basis a publisher may change.
    public let flexiblePurposes: [UInt8]
    /// The special purposes it uses.
    public let specialPurposes: [UInt8]
    /// The features it uses.
    public let features: [UInt8]
    /// The special features it uses.
    public let specialFeatures: [UInt8]
    /// How long it keeps data, in days: its standard retention, or nil when it gives none.
    public let standardRetentionDays: Int?
    /// How long a cookie lives, in seconds, or nil when it uses none.
    public let cookieMaxAgeSeconds: Int?
    /// Whether it accesses the device other than by cookies.
    public let usesNonCookieAccess: Bool
    /// Its privacy policy's URL, in English where it gives one in English.
    public let privacyPolicyURL: String
    /// Its legitimate interest claim's URL, where it gives one.
    public let legitimateInterestClaimURL: String?

    /// Whether a TC string's vendor legitimate interest bit speaks for it: it claims a legitimate
    /// interest, or it uses special purposes alone (whose basis is legitimate interest).
    package var hasLegitimateInterestBit: Bool {
      !legitimateInterestPurposes.isEmpty || (purposes.isEmpty && !specialPurposes.isEmpty)
    }
  }

  /// The format's version: 3.
  public let specificationVersion: Int
  /// The list's version (a TC string's VendorListVersion).
  public let vendorListVersion: Int
  /// The TCF policy version the list is written for.
  public let policyVersion: Int
  /// When the list was last updated, as the list says it.
  public let lastUpdated: String
  /// The purposes, by id.
  public var purposes: [Declaration]
  /// The special purposes, by id.
  public var specialPurposes: [Declaration]
  /// The features, by id.
  public var features: [Declaration]
  /// The special features, by id.
  public var specialFeatures: [Declaration]
  /// The stacks, by id.
  public var stacks: [Stack]
  /// The data categories, by id.
  public var dataCategories: [Declaration]
  /// The vendors not deleted, by id.
  public let vendors: [Vendor]

  /// The vendor with `id`, if the list has it.
  public func vendor(_ id: Int) -> Vendor? {
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
