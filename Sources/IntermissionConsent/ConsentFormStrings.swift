import IntermissionBasics
import IntermissionLocalization

/// The consent form's own words in one language, from Intermission's shipped catalogues
/// (`Assets/locale/<language>.po`), English for anything a catalogue lacks. The purposes' and
/// features' names come from the vendor list's translation instead.
package struct ConsentFormStrings: Hashable, Sendable {
  /// Each of the form's messages, by its key (the catalogues' `msgctxt`).
  package enum Key: String, CaseIterable, Hashable, Sendable {
    /// "Your privacy", the first layer's heading.
    case title = "consent.title"
    /// The first layer's opening sentence, with `{app}`.
    case intro = "consent.intro"
    /// "Number of partners: {count}".
    case partnerCount = "consent.partnerCount"
    /// Before the special features on the first layer.
    case specialFeatures = "consent.specialFeatures"
    /// The right to object to legitimate interest, on the first layer.
    case legitimateInterest = "consent.legitimateInterest"
    /// Where the choices are changed later, on the first layer.
    case changeLater = "consent.changeLater"
    /// "Accept all".
    case acceptAll = "button.acceptAll"
    /// "Reject all".
    case rejectAll = "button.rejectAll"
    /// "Manage options", which is also the second layer's heading.
    case manageOptions = "button.manageOptions"
    /// "Save".
    case save = "button.save"
    /// The purposes' heading on the second layer.
    case purposes = "consent.purposes"
    /// The special features' heading on the second layer.
    case specialFeaturesHeading = "consent.specialFeaturesHeading"
    /// "Partners ({count})".
    case partners = "consent.partners"
    /// The game's own (custom) purposes' heading.
    case publisherPurposes = "consent.publisherPurposes"
    /// The consent switch.
    case consent = "toggle.consent"
    /// The switch that objects to a legitimate interest.
    case object = "toggle.object"
    /// The link to a partner's privacy policy.
    case privacyPolicy = "link.privacyPolicy"
    /// "Purposes: {purposes}", under a partner's name.
    case vendorPurposes = "consent.vendorPurposes"
    /// "Retention (days): {days}", under a partner's name.
    case retention = "consent.retention"
    /// The US privacy choices' heading.
    case usTitle = "consent.usTitle"
    /// The US notice, with `{app}`.
    case usNotice = "consent.usNotice"
    /// The sale of personal information (a US choice).
    case usSale = "consent.usSale"
    /// The sharing of personal information (a US choice).
    case usSharing = "consent.usSharing"
    /// Targeted advertising (a US choice).
    case usTargeted = "consent.usTargeted"
    /// The opt-out switch.
    case optOut = "toggle.optOut"
    /// Before the special purposes on the first layer.
    case specialPurposes = "consent.specialPurposes"
    /// Before the features on the first layer.
    case features = "consent.features"
    /// "Legitimate interest: {purposes}", under a partner's name.
    case vendorInterests = "consent.vendorInterests"
  }

  /// The language spoken, one of the shipped catalogues' tags; any other tag speaks English.
  package let language: String
  /// Whether the language reads right to left: the form is then mirrored.
  package let isRightToLeft: Bool
  private var messages: [Key: String] = [:]

  /// The words in `language`.
  package init(language: String) {
    self.language = Localization.catalogue(language) == nil ? "en" : language
    isRightToLeft = Localization.isRightToLeft(self.language)
    for key in Key.allCases {
      messages[key] =
        Localization.catalogue(self.language)?.text(key.rawValue) ?? Localization.english.text(key.rawValue)
        ?? key.rawValue
    }
  }

  /// The message under `key`.
  package func text(_ key: Key) -> String { messages[key] ?? key.rawValue }

  /// The message under `key` with each `{placeholder}` filled from `values`.
  package func text(_ key: Key, _ values: [String: String]) -> String {
    values.reduce(text(key)) { $0.replacingText("{\($1.key)}", with: $1.value) }
  }
}
