import Foundation
import IntermissionCore
import IntermissionLocalization
import Testing

/// The shipped catalogues: each parses, has every message, agrees with CLDR on plurals, and is
/// compiled in as it is in `Assets/locale`.
@Suite struct CatalogueTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Assets/locale")

  /// The languages the issue asks for.
  static let required = [
    "en", "de", "fr", "es", "pt-BR", "it", "ru", "pl", "tr", "ja", "ko", "zh-Hans", "zh-Hant", "ar", "he", "hi", "th",
  ]

  /// CLDR's plural categories for whole numbers (plurals.xml, CLDR 42 and later), written out
  /// here independently of the catalogues, in CLDR's order of categories.
  static func cldrCategory(_ language: String, _ n: Int) -> String {
    let (mod10, mod100) = (n % 10, n % 100)
    switch language {
    case "ja", "ko", "zh-Hans", "zh-Hant", "th": return "other"
    case "en", "de", "tr": return n == 1 ? "one" : "other"
    case "hi": return n == 0 || n == 1 ? "one" : "other"
    case "fr", "pt-BR": return n == 0 || n == 1 ? "one" : n % 1_000_000 == 0 ? "many" : "other"
    case "es", "it": return n == 1 ? "one" : n != 0 && n % 1_000_000 == 0 ? "many" : "other"
    case "ru":
      if mod10 == 1 && mod100 != 11 { return "one" }
      if (2...4).contains(mod10) && !(12...14).contains(mod100) { return "few" }
      return "many"
    case "pl":
      if n == 1 { return "one" }
      if (2...4).contains(mod10) && !(12...14).contains(mod100) { return "few" }
      return "many"
    case "he": return n == 1 ? "one" : n == 2 ? "two" : "other"
    case "ar":
      if n == 0 { return "zero" }
      if n == 1 { return "one" }
      if n == 2 { return "two" }
      if (3...10).contains(mod100) { return "few" }
      if (11...99).contains(mod100) { return "many" }
      return "other"
    default: return "other"
    }
  }

  /// The categories each language has, in the order gettext numbers its forms.
  static let categories: [String: [String]] = [
    "ja": ["other"], "ko": ["other"], "zh-Hans": ["other"], "zh-Hant": ["other"], "th": ["other"],
    "en": ["one", "other"], "de": ["one", "other"], "tr": ["one", "other"], "hi": ["one", "other"],
    "fr": ["one", "many", "other"], "pt-BR": ["one", "many", "other"], "es": ["one", "many", "other"],
    "it": ["one", "many", "other"], "ru": ["one", "few", "many"], "pl": ["one", "few", "many"],
    "he": ["one", "two", "other"], "ar": ["zero", "one", "two", "few", "many", "other"],
  ]

  static func file(_ language: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent("\(language).po"), encoding: .utf8)
  }

  @Test func everyRequiredLanguageShips() {
    #expect(Set(Localization.languages) == Set(Self.required))
  }

  @Test(arguments: required)
  func theCatalogueParsesAndHasEveryMessage(language: String) throws {
    let catalogue = try MessageCatalog(parsing: try Self.file(language))
    let english = try MessageCatalog(parsing: try Self.file("en"))
    #expect(catalogue.hasPluralForms, "\(language).po has a Plural-Forms header")
    #expect(catalogue.language.replacingOccurrences(of: "_", with: "-") == language)
    #expect(Set(catalogue.messages.keys) == Set(english.messages.keys), "\(language).po has every message")
    for (context, message) in catalogue.messages {
      let source = english.messages[context]!
      #expect(message.source == source.source && message.sourcePlural == source.sourcePlural)
      #expect(message.translations.allSatisfy { !$0.isEmpty }, "\(language): \(context) is translated")
      if source.sourcePlural != nil {
        #expect(message.translations.count == catalogue.pluralRule.count, "\(language): \(context) has every form")
      }
      // The program's placeholders survive translation.
      for placeholder in ["{reward}", "{app}", "{count}", "{purposes}", "{days}"]
      where source.source.contains(placeholder) {
        #expect(message.translations.allSatisfy { $0.contains(placeholder) }, "\(language): \(context)")
      }
    }
  }

  @Test(arguments: required)
  func thePluralFormsAgreeWithCLDR(language: String) throws {
    let rule = try MessageCatalog(parsing: try Self.file(language)).pluralRule
    let categories = try #require(Self.categories[language])
    #expect(rule.count == categories.count, "\(language) has \(categories.count) forms")
    for n in Array(0...1_200) + [1_000_000, 2_000_000, 1_000_001, 10_000_000] {
      let expected = categories.firstIndex(of: Self.cldrCategory(language, n))
      #expect(rule.form(for: n) == expected, "\(language): n = \(n)")
    }
  }

  @Test(arguments: required)
  func theCompiledCatalogueIsTheFile(language: String) throws {
    let compiled = try #require(Localization.catalogue(language))
    #expect(compiled == (try MessageCatalog(parsing: try Self.file(language))), "run scripts/make-catalogues")
  }

  @Test func russianCountsSecondsInItsThreeForms() throws {
    let russian = try #require(Localization.catalogue("ru"))
    let forms = [1, 2, 5, 21, 11, 22, 112].map { russian.text("status.rewardIn", count: $0)! }
    #expect(forms[0].hasSuffix("секунду") && forms[3].hasSuffix("секунду"))
    #expect(forms[1].hasSuffix("секунды") && forms[5].hasSuffix("секунды"))
    #expect(forms[2].hasSuffix("секунд") && forms[4].hasSuffix("секунд") && forms[6].hasSuffix("секунд"))
    #expect(Localization.catalogue("ja")!.pluralRule.count == 1)
    #expect(Localization.catalogue("ar")!.pluralRule.count == 6)
  }
}
