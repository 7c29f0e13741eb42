/// What the player chose on the form: the purposes, special features, vendors and Google providers
/// consented to, and the legitimate interests objected to.
package struct ConsentChoices: Hashable, Sendable {
  /// The purposes consented to.
  package var purposes: Set<Int> = []
  /// The purposes whose legitimate interest the player objected to.
  package var purposeObjections: Set<Int> = []
  /// The special features opted in.
  package var specialFeatures: Set<Int> = []
  /// The vendors consented to.
  package var vendors: Set<Int> = []
  /// The vendors whose legitimate interest the player objected to.
  package var vendorObjections: Set<Int> = []
  /// The Google ad technology providers consented to.
  package var googleProviders: Set<Int> = []
  /// The publisher's standard purposes consented to.
  package var publisherPurposes: Set<Int> = []
  /// The publisher's custom purposes consented to.
  package var customPurposes: Set<Int> = []
  /// The screen the player decided on: 1 the first layer, 2 the second.
  package var screen = 1

  /// Nothing consented and nothing objected to.
  package init() {}

  /// Everything the game's vendor list and consent file name, consented to ("Accept all").
  package static func acceptingAll(_ list: GlobalVendorList, _ configuration: ConsentConfiguration) -> ConsentChoices {
    var choices = ConsentChoices()
    choices.purposes = Set(list.purposes.map(\.id))
    choices.specialFeatures = Set(list.specialFeatures.map(\.id))
    choices.vendors = Set(configuration.vendors.filter { list.vendor($0) != nil })
    choices.googleProviders = Set(configuration.googleProviders.map(\.id))
    choices.publisherPurposes = Set(configuration.publisherConsentPurposes)
    choices.customPurposes = Set(configuration.customPurposes.indices.map { $0 + 1 })
    return choices
  }

  /// Nothing consented, and every legitimate interest objected to ("Reject all").
  package static func rejectingAll(_ list: GlobalVendorList, _ configuration: ConsentConfiguration) -> ConsentChoices {
    var choices = ConsentChoices()
    choices.purposeObjections = Set(list.purposes.map(\.id))
    choices.vendorObjections = Set(configuration.vendors)
    return choices
  }
}
