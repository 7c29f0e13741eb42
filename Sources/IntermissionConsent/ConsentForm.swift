import IntermissionCore

/// The consent form that the overlay draws, holding the game, before any ad request of a player in
/// a GDPR region, and again when the game opens its privacy options.
///
/// The first layer says what the game and its partners do with data (the vendor list's purposes
/// and special features, in the game's language where the list's translation has them), how many
/// partners there are, and offers three buttons of equal size and colour: **Accept all**,
/// **Reject all** and **Manage options**. The second layer lists every purpose with its consent
/// switch and, where a partner claims a legitimate interest, the switch that objects to it; the
/// special features; the game's own purposes; and every partner, scrollable, with its purposes,
/// its retention and a link to its privacy policy; and **Save**. A US player's privacy options are
/// one layer of opt-outs and **Save**.
///
/// Mouse, wheel, keyboard and controller all work. Keyboard focus starts on nothing; Tab, Down and
/// Right move it to the next control in reading order (Up and Left to the previous; Left and Right
/// swap when the form is mirrored), Return or Space (a controller's A) activates it; Escape (a
/// controller's B) goes back from the second layer, or closes privacy options opened again.
/// Mirrored for Arabic and Hebrew; every screen works at 320×240 and up. The form only reports
/// what the player did (`Outcome`); the overlay decides and stores.
package final class ConsentForm {
  /// What the player's input asks the overlay to do.
  package enum Outcome: Hashable, Sendable {
    /// Nothing more.
    case none
    /// The player decided: record these choices (the form is done).
    case decided(ConsentChoices)
    /// A US player saved these opt-outs (the form is done).
    case optedOut(ConsentEngine.USOptOuts)
    /// Open this privacy policy in the browser (under the ads' URL rules).
    case openLink(String)
    /// The player closed privacy options without changing them (the form is done).
    case dismissed
  }

  /// Which screen shows.
  package enum Layer: Hashable, Sendable {
    /// Accept all, Reject all, Manage options.
    case first
    /// Each purpose, feature and partner, and Save (a US player's only layer).
    case options
  }

  /// The form's buttons: along its bottom, and (for the mouse: Escape does the same) Back and
  /// Close in its header.
  package enum FormButton: Hashable, Sendable, CaseIterable {
    case acceptAll, rejectAll, manageOptions, save
    /// The second layer's way back to the first.
    case back
    /// Closes privacy options opened again, changing nothing.
    case close
  }

  /// What has the keyboard focus (or is pressed).
  package enum Focus: Hashable, Sendable {
    /// A button along the bottom.
    case button(FormButton)
    /// A control of the second layer's row at index `row`.
    case control(row: Int, ConsentFormControl)
  }

  /// The screen shown.
  package internal(set) var layer: Layer
  /// The control with the keyboard focus; nil until the player moves it.
  package internal(set) var focus: Focus?
  /// The choices as the second layer's switches stand.
  package internal(set) var choices: ConsentChoices
  /// A US player's opt-outs as the switches stand.
  package internal(set) var usOptOuts: ConsentEngine.USOptOuts
  /// How far the content is scrolled, in points from its top.
  package internal(set) var scroll = 0.0
  /// Whether the form offers a US player's opt-outs rather than the TCF's choices.
  package let isUnitedStates: Bool
  /// Whether the player may close the form without deciding: privacy options opened again.
  package let isDismissable: Bool
  /// The form's own words.
  package let strings: ConsentFormStrings
  /// The rows of the second layer.
  package let rows: [ConsentFormRow]
  let list: GlobalVendorList?
  let configuration: ConsentConfiguration
  /// Each row's top in the second layer's content, and the content's height last: from the rows'
  /// own heights, then (once drawn) with each description's lines.
  var rowTops: [Double]
  /// The first layer's paragraphs, in order.
  let paragraphs: [(text: String, style: TextStyle)]
  /// The control the pointer went down on.
  var pressed: Focus?
  /// A drag of the content under way: where the pointer went down, and the scroll then.
  var drag: (y: Double, scroll: Double)?
  /// The first layer's text as last wrapped: its width and compactness, its lines and their
  /// styles, its height.
  var wrapped: (width: Double, compact: Bool, lines: [(String, TextStyle, Double)], height: Double)?
  /// The second layer's descriptions as last wrapped, by row, for `wrappedWidth`.
  var descriptionLines: [Int: [String]] = [:]
  var wrappedWidth = 0.0

  /// The form for a player in a GDPR region: the first layer, every switch off (or, for privacy
  /// options opened again, as `inForce` stands).
  /// - Parameters:
  ///   - list: the vendor list, translated where it could be.
  ///   - configuration: the consent file.
  ///   - strings: the form's words.
  ///   - inForce: the choices in force, when the player decided before; nil shows every switch off.
  package init(
    list: GlobalVendorList, configuration: ConsentConfiguration, strings: ConsentFormStrings,
    inForce: ConsentChoices?
  ) {
    self.list = list
    self.configuration = configuration
    self.strings = strings
    isUnitedStates = false
    isDismissable = inForce != nil
    layer = .first
    choices = inForce ?? ConsentChoices()
    usOptOuts = ConsentEngine.USOptOuts(sale: false, sharing: false, targetedAdvertising: false)
    rows = ConsentFormRow.rows(list: list, configuration: configuration, strings: strings)
    rowTops = ConsentForm.tops(rows)
    let vendorCount = configuration.vendors.filter { list.vendor($0) != nil }.count
    var paragraphs: [(String, TextStyle)] = [
      (strings.text(.intro, ["app": configuration.app]), .body),
      (strings.text(.partnerCount, ["count": String(vendorCount + configuration.googleProviders.count)]), .body),
    ]
    // The TCF's first-layer disclosures: the purposes (and the game's own), the special purposes
    // and features used without consent, and the special features that need it.
    let bullet = "• "
    paragraphs += list.purposes.map { (bullet + $0.name, .body) }
    paragraphs += configuration.customPurposes.map { (bullet + $0.name, .body) }
    for (heading, items) in [
      (ConsentFormStrings.Key.specialPurposes, list.specialPurposes), (.features, list.features),
      (.specialFeatures, list.specialFeatures),
    ] where !items.isEmpty {
      paragraphs.append((strings.text(heading), .body))
      paragraphs += items.map { (bullet + $0.name, .body) }
    }
    paragraphs.append((strings.text(.legitimateInterest), .caption))
    paragraphs.append((strings.text(.changeLater), .caption))
    self.paragraphs = paragraphs
  }

  /// The privacy options of a player in a regulated US state: the notice and the opt-outs in force.
  package init(usOptOuts: ConsentEngine.USOptOuts, configuration: ConsentConfiguration, strings: ConsentFormStrings) {
    list = nil
    self.configuration = configuration
    self.strings = strings
    isUnitedStates = true
    isDismissable = true
    layer = .options
    choices = ConsentChoices()
    self.usOptOuts = usOptOuts
    rows = ConsentFormRow.usRows(app: configuration.app, strings: strings)
    rowTops = ConsentForm.tops(rows)
    paragraphs = []
  }

  private static func tops(_ rows: [ConsentFormRow]) -> [Double] {
    var tops = [0.0]
    tops.reserveCapacity(rows.count + 1)
    for row in rows { tops.append(tops[tops.count - 1] + row.height) }
    return tops
  }

  /// Whether the form is mirrored for a right-to-left language.
  package var isMirrored: Bool { strings.isRightToLeft }

  /// The buttons of the layer shown, in reading order.
  package var buttons: [FormButton] { layer == .first ? [.acceptAll, .rejectAll, .manageOptions] : [.save] }

  /// The title of `button`.
  package func title(of button: FormButton) -> String {
    switch button {
    case .acceptAll: strings.text(.acceptAll)
    case .rejectAll: strings.text(.rejectAll)
    case .manageOptions: strings.text(.manageOptions)
    case .save: strings.text(.save)
    case .back: isMirrored ? "→" : "←"
    case .close: "×"
    }
  }

  /// The header's buttons shown now: Back on the second layer, Close on privacy options.
  package var headerButtons: [FormButton] {
    (layer == .options && !isUnitedStates ? [.back] : []) + (isDismissable ? [.close] : [])
  }

  /// Whether the switch `control` of row `row` is on.
  package func isOn(row: Int, _ control: ConsentFormControl) -> Bool {
    switch (rows[row], control) {
    case (.purpose(let id, _, _, _), .consent): choices.purposes.contains(id)
    case (.purpose(let id, _, _, _), .object): choices.purposeObjections.contains(id)
    case (.specialFeature(let id, _, _), .consent): choices.specialFeatures.contains(id)
    case (.customPurpose(let number, _, _), .consent): choices.customPurposes.contains(number)
    case (.vendor(let id, _, _, _, _), .consent): choices.vendors.contains(id)
    case (.vendor(let id, _, _, _, _), .object): choices.vendorObjections.contains(id)
    case (.googleProvider(let id, _, _), .consent): choices.googleProviders.contains(id)
    case (.usChoice(.sale, _), .consent): usOptOuts.sale
    case (.usChoice(.sharing, _), .consent): usOptOuts.sharing
    case (.usChoice(.targetedAdvertising, _), .consent): usOptOuts.targetedAdvertising
    default: false
    }
  }

  /// Activates `focus`: a button's action, a switch flipped, or a policy opened.
  func activate(_ focus: Focus, byKeyboard: Bool) -> Outcome {
    switch focus {
    case .button(.acceptAll):
      guard let list else { return .none }
      return .decided(ConsentChoices.acceptingAll(list, configuration))
    case .button(.rejectAll):
      guard let list else { return .none }
      return .decided(ConsentChoices.rejectingAll(list, configuration))
    case .button(.manageOptions):
      layer = .options
      scroll = 0
      self.focus = byKeyboard ? firstFocus : nil
      return .none
    case .button(.back):
      layer = .first
      scroll = 0
      self.focus = nil
      return .none
    case .button(.close):
      return .dismissed
    case .button(.save):
      if isUnitedStates { return .optedOut(usOptOuts) }
      var saved = choices
      saved.screen = 2
      saved.publisherPurposes = Set(configuration.publisherConsentPurposes).intersection(saved.purposes)
      return .decided(saved)
    case .control(let row, .policy):
      if case .vendor(_, _, _, _, let policy) = rows[row] { return .openLink(policy) }
      if case .googleProvider(_, _, let policy) = rows[row] { return .openLink(policy) }
      return .none
    case .control(let row, let control):
      toggle(row: row, control)
      return .none
    }
  }

  private func toggle(row: Int, _ control: ConsentFormControl) {
    func flip(_ set: inout Set<Int>, _ id: Int) { if set.remove(id) == nil { set.insert(id) } }
    switch (rows[row], control) {
    case (.purpose(let id, _, _, _), .consent): flip(&choices.purposes, id)
    case (.purpose(let id, _, _, _), .object): flip(&choices.purposeObjections, id)
    case (.specialFeature(let id, _, _), .consent): flip(&choices.specialFeatures, id)
    case (.customPurpose(let number, _, _), .consent): flip(&choices.customPurposes, number)
    case (.vendor(let id, _, _, _, _), .consent): flip(&choices.vendors, id)
    case (.vendor(let id, _, _, _, _), .object): flip(&choices.vendorObjections, id)
    case (.googleProvider(let id, _, _), .consent): flip(&choices.googleProviders, id)
    case (.usChoice(.sale, _), .consent): usOptOuts.sale.toggle()
    case (.usChoice(.sharing, _), .consent): usOptOuts.sharing.toggle()
    case (.usChoice(.targetedAdvertising, _), .consent): usOptOuts.targetedAdvertising.toggle()
    default: break
    }
  }
}
