/// One of a row's controls on the consent form's second layer.
package enum ConsentFormControl: Hashable, Sendable {
  /// The consent (or opt-in, or opt-out) switch.
  case consent
  /// The switch that objects to a legitimate interest.
  case object
  /// The link to a partner's privacy policy.
  case policy
}

/// One row of the consent form's second layer: a heading, a purpose, a special feature, one of the
/// game's own purposes, a partner, or one of a US player's choices.
package enum ConsentFormRow: Hashable, Sendable {
  /// The US choices that the form offers.
  package enum USChoice: Hashable, Sendable {
    case sale, sharing, targetedAdvertising
  }

  /// A section's heading.
  case heading(String)
  /// Running text, up to five lines.
  case notice(String)
  /// A purpose of the vendor list; `objectable` when a partner claims a legitimate interest in it.
  case purpose(id: Int, name: String, description: String, objectable: Bool)
  /// A special feature (an opt-in).
  case specialFeature(id: Int, name: String, description: String)
  /// One of the game's own purposes, numbered from 1.
  case customPurpose(number: Int, name: String, description: String)
  /// A partner of the vendor list; `objectable` when it claims a legitimate interest.
  case vendor(id: Int, name: String, details: String, objectable: Bool, policy: String)
  /// A Google ad technology provider.
  case googleProvider(id: Int, name: String, policy: String)
  /// One of a US player's opt-outs.
  case usChoice(USChoice, String)

  /// The row's height in points (fixed, so that a list of a thousand partners scrolls by sums).
  package var height: Double {
    switch self {
    case .heading: 40
    case .notice: 124
    case .purpose, .specialFeature, .customPurpose: 112
    case .vendor: 88
    case .googleProvider, .usChoice: 68
    }
  }

  /// The row's controls, in reading order.
  package var controls: [ConsentFormControl] {
    switch self {
    case .heading, .notice: []
    case .purpose(_, _, _, let objectable): objectable ? [.consent, .object] : [.consent]
    case .specialFeature, .customPurpose, .usChoice: [.consent]
    case .vendor(_, _, _, let objectable, let policy):
      // A partner without a privacy policy in the list gets no dead link.
      (objectable ? [.consent, .object] : [.consent]) + (policy.isEmpty ? [] : [.policy])
    case .googleProvider(_, _, let policy): policy.isEmpty ? [.consent] : [.consent, .policy]
    }
  }

  /// The row's description, drawn whole under its name: a purpose's or a feature's.
  var description: String? {
    switch self {
    case .purpose(_, _, let description, _), .specialFeature(_, _, let description),
      .customPurpose(_, _, let description):
      description
    default: nil
    }
  }

  /// The row's name (its first line).
  var name: String {
    switch self {
    case .heading(let text), .notice(let text): text
    case .purpose(_, let name, _, _), .specialFeature(_, let name, _), .customPurpose(_, let name, _): name
    case .vendor(_, let name, _, _, _), .googleProvider(_, let name, _), .usChoice(_, let name): name
    }
  }

  /// The rows explaining `list` for the game's `configuration`: the purposes, the special
  /// features, the game's own purposes, and the partners (the vendor list's, then Google's).
  static func rows(list: GlobalVendorList, configuration: ConsentConfiguration, strings: ConsentFormStrings)
    -> [ConsentFormRow]
  {
    let vendors = configuration.vendors.compactMap { list.vendor($0) }
    // Claimed by a partner, or by the game itself (its publisher segment): either may be objected to.
    let claimed = Set(vendors.flatMap(\.legitimateInterestPurposes).map(Int.init)).union(
      configuration.publisherLegitimateInterestPurposes)
    var rows: [ConsentFormRow] = [.heading(strings.text(.purposes))]
    for purpose in list.purposes {
      // Legitimate interest is never a basis for purposes 1 and 3 to 6 (TCF policy).
      let objectable = claimed.contains(purpose.id) && (purpose.id == 2 || purpose.id >= 7)
      rows.append(
        .purpose(id: purpose.id, name: purpose.name, description: purpose.description, objectable: objectable))
    }
    if !list.specialFeatures.isEmpty {
      rows.append(.heading(strings.text(.specialFeaturesHeading)))
      for feature in list.specialFeatures {
        rows.append(.specialFeature(id: feature.id, name: feature.name, description: feature.description))
      }
    }
    if !configuration.customPurposes.isEmpty {
      rows.append(.heading(strings.text(.publisherPurposes)))
      for (index, purpose) in configuration.customPurposes.enumerated() {
        rows.append(.customPurpose(number: index + 1, name: purpose.name, description: purpose.description))
      }
    }
    rows.append(
      .heading(strings.text(.partners, ["count": String(vendors.count + configuration.googleProviders.count)])))
    for vendor in vendors {
      // Each purpose under its legal basis: consent (flexible ones too), and legitimate interest.
      let consented = Set(vendor.purposes + vendor.flexiblePurposes).sorted()
      var details = strings.text(.vendorPurposes, ["purposes": consented.map(String.init).joined(separator: ", ")])
      if !vendor.legitimateInterestPurposes.isEmpty {
        let interests = vendor.legitimateInterestPurposes.map(String.init).joined(separator: ", ")
        details += " · " + strings.text(.vendorInterests, ["purposes": interests])
      }
      if let days = vendor.standardRetentionDays {
        details += " · " + strings.text(.retention, ["days": String(days)])
      }
      rows.append(
        .vendor(
          id: vendor.id, name: vendor.name, details: details,
          objectable: !vendor.legitimateInterestPurposes.isEmpty,
          policy: vendor.privacyPolicyURL))
    }
    for provider in configuration.googleProviders {
      rows.append(.googleProvider(id: provider.id, name: provider.name, policy: provider.privacyPolicyURL))
    }
    return rows
  }

  /// The rows of a US player's choices.
  static func usRows(app: String, strings: ConsentFormStrings) -> [ConsentFormRow] {
    [
      .notice(strings.text(.usNotice, ["app": app])), .usChoice(.sale, strings.text(.usSale)),
      .usChoice(.sharing, strings.text(.usSharing)), .usChoice(.targetedAdvertising, strings.text(.usTargeted)),
    ]
  }
}
