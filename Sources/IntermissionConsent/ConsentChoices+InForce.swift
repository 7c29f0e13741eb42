extension ConsentChoices {
  /// The choices that `engine`'s decision in force holds, as the privacy options show them again;
  /// nil when it holds none (no TC string, or one that does not decode, or no vendor list).
  package static func inForce(_ engine: ConsentEngine) -> ConsentChoices? {
    guard let list = engine.vendorList, let string = engine.value(forKey: "IABTCF_TCString"),
      let model = try? TCString.decode(string)
    else { return nil }
    let configuration = engine.configuration
    let vendors = configuration.vendors.compactMap { list.vendor($0) }
    let claimed = Set(vendors.flatMap { $0.legitimateInterestPurposes.map(Int.init) }).filter { $0 == 2 || $0 >= 7 }
    let publisherClaimed = Set(configuration.publisherLegitimateInterestPurposes).filter { $0 == 2 || $0 >= 7 }
    var choices = ConsentChoices()
    choices.purposes = model.purposeConsents
    // An objection shows where a claimed interest is not set: the vendors' in the core segment,
    // the publisher's own in the publisher segment.
    choices.purposeObjections = claimed.subtracting(model.purposeLegitimateInterests).union(
      publisherClaimed.subtracting(claimed).subtracting(model.publisherPurposes?.legitimateInterests ?? []))
    choices.specialFeatures = model.specialFeatureOptIns
    choices.vendors = model.vendorConsents.intersection(vendors.map(\.id))
    // A vendor's interest bit is set for its legitimate interests, or for its special purposes
    // alone (as `ConsentRecord` writes it): not set, the player objected.
    choices.vendorObjections = Set(
      vendors.filter { $0.hasLegitimateInterestBit && !model.vendorLegitimateInterests.contains($0.id) }.map(\.id))
    if let additional = engine.value(forKey: "IABTCF_AddtlConsent"),
      let decoded = try? AdditionalConsent.decode(additional)
    {
      choices.googleProviders = decoded.consented
    }
    choices.publisherPurposes = model.publisherPurposes?.consents ?? []
    choices.customPurposes = model.publisherPurposes?.customConsents ?? []
    choices.screen = model.consentScreen
    return choices
  }
}
