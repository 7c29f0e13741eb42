/// A decision written out: the TC string, the Additional Consent string, the GPP string, and every
/// in-app key of the CMP API, from the player's choices, the vendor list and the consent file.
///
/// The TC string follows TCF 2.3: Created and LastUpdated hold the day (midnight UTC) of the
/// decision, IsServiceSpecific is 1, the disclosed vendors segment is always written, and no
/// legitimate interest is set for purposes 1 and 3 to 6.
package struct ConsentRecord: Hashable, Sendable {
  /// The TC string's model.
  package let model: TCModel
  /// The Additional Consent string's model, when the game lists Google providers.
  package let additionalConsent: AdditionalConsent?
  /// Every in-app key and its value.
  package let keys: [String: String]

  /// The record of `choices` made on `day` (seconds since 1970, any time of that day) in `language`
  /// (an ISO 639-1 code; the consent language is its first two letters, upper case).
  package init(
    choices: ConsentChoices, list: GlobalVendorList, configuration: ConsentConfiguration, time: Int, language: String
  ) {
    let day = time - time % 86_400
    let letters = language.uppercased().utf8.prefix(2)
    let consentLanguage =
      letters.count == 2 && TCString.isLetters(String(decoding: letters, as: UTF8.self))
      ? String(decoding: letters, as: UTF8.self) : "EN"
    var model = TCModel(
      cmpID: configuration.cmpID, cmpVersion: configuration.cmpVersion, consentLanguage: consentLanguage,
      vendorListVersion: list.vendorListVersion, created: day * 10)
    model.consentScreen = choices.screen
    model.policyVersion = list.policyVersion
    model.publisherCountryCode = configuration.publisherCountryCode
    model.specialFeatureOptIns = choices.specialFeatures.intersection(list.specialFeatures.map(\.id))
    model.purposeConsents = choices.purposes.intersection(list.purposes.map(\.id))
    let vendors = configuration.vendors.compactMap { list.vendor($0) }
    let claimed = Set(vendors.flatMap { $0.legitimateInterestPurposes.map(Int.init) })
    model.purposeLegitimateInterests = claimed.subtracting(choices.purposeObjections).filter { $0 == 2 || $0 >= 7 }
    model.vendorConsents = choices.vendors.intersection(vendors.map(\.id))
    model.vendorLegitimateInterests = Set(
      vendors.filter { $0.hasLegitimateInterestBit && !choices.vendorObjections.contains($0.id) }.map(\.id))
    model.disclosedVendors = Set(vendors.map(\.id))
    if configuration.declaresPublisherPurposes {
      model.publisherPurposes = PublisherPurposes(
        consents: choices.publisherPurposes.intersection(configuration.publisherConsentPurposes),
        legitimateInterests: Set(configuration.publisherLegitimateInterestPurposes).subtracting(
          choices.purposeObjections),
        customPurposeCount: configuration.customPurposes.count,
        customConsents: choices.customPurposes.filter { $0 >= 1 && $0 <= configuration.customPurposes.count })
    }
    self.model = model
    let providers = Set(configuration.googleProviders.map(\.id))
    additionalConsent =
      providers.isEmpty
      ? nil
      : AdditionalConsent(consented: choices.googleProviders.intersection(providers), disclosedOnly: providers)
    keys = Self.keys(
      model: model, additionalConsent: additionalConsent, purposeCount: list.purposes.count, usNational: nil)
  }

  /// The in-app keys of a TC model (GDPR applies), or of a `usnat` section alone (it does not).
  static func keys(model: TCModel?, additionalConsent: AdditionalConsent?, purposeCount: Int, usNational: String?)
    -> [String: String]
  {
    var keys: [String: String] = [:]
    var sections: [Int: String] = [:]
    if let model {
      // Fail closed: a model that does not encode gives no key at all, not "GDPR does not apply".
      guard let string = try? TCString.encode(model) else { return [:] }
      func bits(_ ids: Set<Int>, _ count: Int) -> String {
        String((0..<count).map { ids.contains($0 + 1) ? "1" : "0" })
      }
      let largest = max(model.vendorConsents.max() ?? 0, model.vendorLegitimateInterests.max() ?? 0)
      keys["IABTCF_CmpSdkID"] = String(model.cmpID)
      keys["IABTCF_CmpSdkVersion"] = String(model.cmpVersion)
      keys["IABTCF_PolicyVersion"] = String(model.policyVersion)
      keys["IABTCF_gdprApplies"] = "1"
      keys["IABTCF_PublisherCC"] = model.publisherCountryCode
      keys["IABTCF_PurposeOneTreatment"] = model.purposeOneTreatment ? "1" : "0"
      keys["IABTCF_UseNonStandardTexts"] = model.useNonStandardTexts ? "1" : "0"
      keys["IABTCF_TCString"] = string
      keys["IABTCF_VendorConsents"] = bits(model.vendorConsents, largest)
      keys["IABTCF_VendorLegitimateInterests"] = bits(model.vendorLegitimateInterests, largest)
      if let disclosed = model.disclosedVendors {
        keys["IABTCF_DisclosedVendors"] = bits(disclosed, disclosed.max() ?? 0)
      }
      keys["IABTCF_PurposeConsents"] = bits(model.purposeConsents, purposeCount)
      keys["IABTCF_PurposeLegitimateInterests"] = bits(model.purposeLegitimateInterests, purposeCount)
      keys["IABTCF_SpecialFeaturesOptIns"] = bits(model.specialFeatureOptIns, 12)
      for restriction in model.publisherRestrictions {
        let largestRestricted = restriction.vendors.max() ?? 0
        keys["IABTCF_PublisherRestrictions\(restriction.purpose)"] = String(
          (1...max(largestRestricted, 1)).map { id in
            restriction.vendors.contains(id) ? Character(String(restriction.kind.rawValue)) : "_"
          }.prefix(largestRestricted))
      }
      if let publisher = model.publisherPurposes {
        keys["IABTCF_PublisherConsent"] = bits(publisher.consents, purposeCount)
        keys["IABTCF_PublisherLegitimateInterests"] = bits(publisher.legitimateInterests, purposeCount)
        keys["IABTCF_PublisherCustomPurposesConsents"] = bits(publisher.customConsents, publisher.customPurposeCount)
        keys["IABTCF_PublisherCustomPurposesLegitimateInterests"] = bits(
          publisher.customLegitimateInterests, publisher.customPurposeCount)
      }
      sections[GPPString.tcfEUv2] = string
    } else {
      keys["IABTCF_gdprApplies"] = "0"
    }
    if let additionalConsent { keys["IABTCF_AddtlConsent"] = additionalConsent.encoded }
    if let usNational { sections[GPPString.usNational] = usNational }
    if !sections.isEmpty {
      keys.merge(GPPString(sections: sections).inAppKeys) { _, new in new }
    }
    return keys
  }
}
