/// Why the player is asked (again) at this launch.
package enum ConsentReason: Hashable, Sendable, CustomStringConvertible {
  /// No decision is stored.
  case noDecision
  /// The stored decision was made under another TCF policy version than the vendor list's.
  case policyVersionChanged(stored: Int, current: Int)
  /// The game works with vendors the player was not told about.
  case vendorsAdded([Int])
  /// The game works with Google providers the player was not told about.
  case googleProvidersAdded([Int])
  /// The decision is older than the consent file's `maxAgeDays`.
  case expired(days: Int)
  /// The store could not be read, or its keys did not agree; it was set aside.
  case storeSetAside(String)
  /// The player opened the privacy options.
  case privacyOptions
  /// The vendor list could not be read (and no decision is stored): the player cannot be asked,
  /// and no ad request goes out. Why.
  case vendorListUnavailable(String)

  package var description: String {
    switch self {
    case .noDecision: "noDecision"
    case .policyVersionChanged(let stored, let current): "policyVersion \(stored) -> \(current)"
    case .vendorsAdded(let ids): "vendorsAdded \(ids.map(String.init).joined(separator: ","))"
    case .googleProvidersAdded(let ids): "googleProvidersAdded \(ids.map(String.init).joined(separator: ","))"
    case .expired(let days): "expired after \(days) days"
    case .storeSetAside(let reason): "storeSetAside: \(reason)"
    case .privacyOptions: "privacyOptions"
    case .vendorListUnavailable(let reason): "vendorListUnavailable: \(reason)"
    }
  }

  /// Why the stored keys `stored` do not stand for the game's vendor list and consent file `now`
  /// (seconds since 1970), or nil when they do.
  ///
  /// The keys must agree with the stored TC string (every key derived from it is derived again and
  /// compared), so that a store half-written when the process was killed asks again. Without a
  /// vendor list (offline, nothing cached), every check that needs none still runs: agreement,
  /// Google providers, age.
  package static func toAsk(
    stored: [String: String], list: GlobalVendorList?, configuration: ConsentConfiguration, now: Int
  ) -> ConsentReason? {
    guard let string = stored["IABTCF_TCString"] else { return .noDecision }
    let model: TCModel
    do {
      model = try TCString.decode(string)
    } catch {
      return .storeSetAside("IABTCF_TCString: \(error)")
    }
    var additional: AdditionalConsent?
    if let text = stored["IABTCF_AddtlConsent"] {
      do {
        additional = try AdditionalConsent.decode(text)
      } catch {
        return .storeSetAside("IABTCF_AddtlConsent: \(error)")
      }
    }
    // The purpose keys were written as long as the list of that day had purposes.
    let purposeCount = stored["IABTCF_PurposeConsents"]?.utf8.count ?? list?.purposes.count ?? 0
    let derived = ConsentRecord.keys(
      model: model, additionalConsent: additional, purposeCount: purposeCount, usNational: stored["IABGPP_7_String"])
    if let key = derived.keys.sorted().first(where: { stored[$0] != derived[$0] }) {
      return .storeSetAside("\(key) does not agree with IABTCF_TCString")
    }
    if let list {
      if model.policyVersion != list.policyVersion {
        return .policyVersionChanged(stored: model.policyVersion, current: list.policyVersion)
      }
      let disclosed = model.disclosedVendors ?? []
      let added = configuration.vendors.filter { list.vendor($0) != nil && !disclosed.contains($0) }
      if !added.isEmpty { return .vendorsAdded(added) }
    }
    let told = (additional?.consented ?? []).union(additional?.disclosedOnly ?? [])
    let addedProviders = configuration.googleProviders.map(\.id).filter { !told.contains($0) }
    if !addedProviders.isEmpty { return .googleProvidersAdded(addedProviders) }
    let days = (now - model.lastUpdated / 10) / 86_400
    if days > configuration.maxAgeDays { return .expired(days: days) }
    return nil
  }
}
