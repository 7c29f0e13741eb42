/// What the player chose on the form: the purposes, special features, vendors and Google providers
/// consented to, and the legitimate interests objected to.
public struct ConsentChoices: Hashable, Sendable {
  /// The purposes consented to.
  public var purposes: Set<Int> = []
  /// The purposes whose legitimate interest the player objected to.
  public var purposeObjections: Set<Int> = []
  /// The special features opted in.
  public var specialFeatures: Set<Int> = []
  /// The vendors consented to.
  public var vendors: Set<Int> = []
  /// The vendors whose legitimate interest the player objected to.
  public var vendorObjections: Set<Int> = []
  /// The Google ad technology providers consented to.
  public var googleProviders: Set<Int> = []
  /// The publisher's standard purposes consented to.
  public var publisherPurposes: Set<Int> = []
  /// The publisher's custom purposes consented to.
  public var customPurposes: Set<Int> = []
  /// The screen the player decided on: 1 the first layer, 2 the second.
  public var screen = 1

  /// Nothing consented and nothing objected to.
  public init() {}

  /// Everything the game's vendor list and consent file name, consented to ("Accept all").
  public static func acceptingAll(_ list: GlobalVendorList, _ configuration: ConsentConfiguration) -> ConsentChoices {
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
  public static func rejectingAll(_ list: GlobalVendorList, _ configuration: ConsentConfiguration) -> ConsentChoices {
    var choices = ConsentChoices()
    choices.purposeObjections = Set(list.purposes.map(\.id))
    choices.vendorObjections = Set(configuration.vendors)
    return choices
  }
}
