/// Google's Additional Consent string, version 2: `2~<consented ids>~dv.<disclosed ids>`, for the
/// Google ad technology providers that are not on the IAB's vendor list.
///
/// The consented ids are the providers the player consented to; the disclosed ids are those that
/// were shown to the player without consent. Each list is ascending and dot-separated.
package struct AdditionalConsent: Hashable, Sendable {
  /// The providers consented to.
  package var consented: Set<Int>
  /// The providers disclosed to the player but not consented to.
  package var disclosedOnly: Set<Int>

  /// The string's model: `consented`, and `disclosedOnly` (any id in both is taken as consented).
  package init(consented: Set<Int>, disclosedOnly: Set<Int>) {
    self.consented = consented
    self.disclosedOnly = disclosedOnly.subtracting(consented)
  }

  /// The version 2 string.
  package var encoded: String {
    let consentedIDs = consented.sorted().map(String.init).joined(separator: ".")
    let disclosedIDs = disclosedOnly.sorted().map(String.init).joined(separator: ".")
    return "2~\(consentedIDs)~dv.\(disclosedIDs)"
  }

  /// The model of a version 2 string, refusing any other version, an id that is not a positive
  /// number, and an id in both lists.
  /// - Throws: `ConsentStringError` with the reason and the character where it was found.
  package static func decode(_ string: String) throws(ConsentStringError) -> AdditionalConsent {
    func failure(_ reason: String, _ character: Int) -> ConsentStringError {
      ConsentStringError(kind: "Additional Consent string", reason: reason, location: "character \(character)")
    }
    guard string.utf8.count <= 100_000 else { throw failure("the string is longer than 100,000 characters", 1) }
    let parts = string.split(separator: "~", omittingEmptySubsequences: false)
    guard parts[0] == "2" else { throw failure("the version is \"\(parts[0])\"; only version 2 is read", 1) }
    guard parts.count == 3 else { throw failure("a version 2 string has 3 parts joined by ~, not \(parts.count)", 1) }
    guard parts[2].hasPrefix("dv.") || parts[2] == "dv" else {
      throw failure("the disclosed part does not start with \"dv.\"", parts[0].count + parts[1].count + 3)
    }
    func ids(_ text: Substring, from start: Int) throws(ConsentStringError) -> Set<Int> {
      guard !text.isEmpty else { return [] }
      var ids = Set<Int>()
      var offset = start
      for item in text.split(separator: ".", omittingEmptySubsequences: false) {
        guard let id = Int(item), id > 0, item.utf8.allSatisfy({ (48...57).contains($0) }) else {
          throw failure("\"\(item)\" is not a provider id", offset)
        }
        guard ids.insert(id).inserted else { throw failure("provider \(id) is listed twice", offset) }
        offset += item.count + 1
      }
      return ids
    }
    let consented = try ids(parts[1], from: 3)
    let disclosedStart = 3 + parts[1].count + 1
    let disclosed = try ids(parts[2].dropFirst(min(3, parts[2].count)), from: disclosedStart + 3)
    if let both = consented.intersection(disclosed).min() {
      throw failure("provider \(both) is both consented and only disclosed", disclosedStart)
    }
    return AdditionalConsent(consented: consented, disclosedOnly: disclosed)
  }
}
