import IntermissionBasics
import IntermissionCore
import IntermissionLocalization
import Testing

/// The language chosen: the game's, else gettext's variables in order, else English.
@Suite struct LanguageChoiceTests {
  func choose(_ explicit: String? = nil, _ environment: [String: String] = [:]) -> String {
    Localization.chooseLanguage(explicit: explicit, environment: environment)
  }

  @Test func theGamesChoiceComesFirst() {
    #expect(choose("ja", ["LANGUAGE": "de", "LANG": "fr_FR.UTF-8"]) == "ja")
    #expect(choose("pt-BR") == "pt-BR")
    #expect(choose("zh-TW") == "zh-Hant")
    #expect(choose("zh-CN") == "zh-Hans")
    #expect(choose("zh") == "zh-Hans")
    #expect(choose("ru_RU.UTF-8") == "ru")
  }

  @Test func anUnknownLanguageFallsBackToEnglish() {
    #expect(choose("xx") == "en")
    #expect(choose("not a tag") == "en")
    #expect(choose(nil, ["LANG": "sw_KE.UTF-8"]) == "en")
    #expect(choose() == "en")
  }

  @Test func theEnvironmentIsReadInGettextsOrder() {
    #expect(choose(nil, ["LANGUAGE": "xx:ko:de", "LC_ALL": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"]) == "ko")
    #expect(choose(nil, ["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "es_ES.UTF-8"]) == "fr")
    #expect(choose(nil, ["LC_MESSAGES": "de_DE", "LANG": "es_ES.UTF-8"]) == "de")
    #expect(choose(nil, ["LANG": "he_IL.UTF-8"]) == "he")
    #expect(choose(nil, ["LANG": "C.UTF-8"]) == "en")
    #expect(choose(nil, ["LANGUAGE": "", "LANG": "pt_PT.UTF-8"]) == "pt-BR", "Portuguese is served by pt-BR")
    #expect(choose(nil, ["LANG": "zh_HK.UTF-8"]) == "zh-Hant")
  }

  @Test func rightToLeftLanguages() {
    #expect(Localization.isRightToLeft("ar") && Localization.isRightToLeft("he") && Localization.isRightToLeft("fa-IR"))
    #expect(!Localization.isRightToLeft("en") && !Localization.isRightToLeft("ja"))
  }

  @Test func languageTagsAreCheckedAndMatched() {
    #expect(LanguageTag.isWellFormed("zh-Hant-TW") && LanguageTag.isWellFormed("en"))
    #expect(!LanguageTag.isWellFormed("e") && !LanguageTag.isWellFormed("en_US") && !LanguageTag.isWellFormed("en--US"))
    #expect(LanguageTag.fromLocale("sr_RS@latin") == "sr-RS")
    #expect(LanguageTag.fromLocale("POSIX") == nil)
    #expect(LanguageTag.bestMatch(for: "EN-gb", in: ["de", "en"]) == "en")
  }
}
