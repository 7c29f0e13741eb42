extension ConsentEngine {
  /// The opt-outs a player in a regulated US state may make (the GPP's `usnat` section).
  package struct USOptOuts: Hashable, Sendable {
    /// Opted out of the sale of personal data.
    package var sale: Bool
    /// Opted out of sharing it.
    package var sharing: Bool
    /// Opted out of targeted advertising.
    package var targetedAdvertising: Bool

    /// Opt-outs as given.
    package init(sale: Bool, sharing: Bool, targetedAdvertising: Bool) {
      self.sale = sale
      self.sharing = sharing
      self.targetedAdvertising = targetedAdvertising
    }
  }

  /// The opt-outs in force, where the player is in a regulated US state; nil elsewhere.
  package var usOptOuts: USOptOuts? {
    guard geography.hasUSOptOuts, let string = value(forKey: "IABGPP_7_String"),
      let section = try? USNationalSection.decode(string)
    else { return nil }
    return USOptOuts(
      sale: section.saleOptOut == 1, sharing: section.sharingOptOut == 1,
      targetedAdvertising: section.targetedAdvertisingOptOut == 1)
  }

  /// Sets a US player's opt-outs, chosen in the privacy options (which gave the notices): stored,
  /// and carried from the next ad request.
  package func setUSOptOuts(_ optOuts: USOptOuts) {
    guard geography.hasUSOptOuts else { return }
    serially {
      // In force at once (the next request carries it), then written.
      let keys = Self.usKeys(section: Self.usSection(optOuts, noticesGiven: true))
      replaceKeys(keys)
      if let failure = store.write(keys) { reportStoreFailure(failure) }
    }
  }

  /// The `usnat` section for `optOuts`: the notices given (1) once the privacy options showed them,
  /// else not (2); the choices; not an MSPA-covered transaction.
  static func usSection(_ optOuts: USOptOuts, noticesGiven: Bool) -> USNationalSection {
    var section = USNationalSection()
    let notice = noticesGiven ? 1 : 2
    section.sharingNotice = notice
    section.saleOptOutNotice = notice
    section.sharingOptOutNotice = notice
    section.targetedAdvertisingOptOutNotice = notice
    section.saleOptOut = optOuts.sale ? 1 : 2
    section.sharingOptOut = optOuts.sharing ? 1 : 2
    section.targetedAdvertisingOptOut = optOuts.targetedAdvertising ? 1 : 2
    section.mspaCoveredTransaction = 2
    return section
  }

  /// The keys of a US player: the stored `usnat` section if it decodes, else none opted out.
  static func usKeys(stored: [String: String]) -> [String: String] {
    if let string = stored["IABGPP_7_String"], let section = try? USNationalSection.decode(string) {
      return usKeys(section: section)
    }
    return usKeys(
      section: usSection(USOptOuts(sale: false, sharing: false, targetedAdvertising: false), noticesGiven: false))
  }

  static func usKeys(section: USNationalSection) -> [String: String] {
    ConsentRecord.keys(model: nil, additionalConsent: nil, purposeCount: 0, usNational: try? section.encode())
  }
}
