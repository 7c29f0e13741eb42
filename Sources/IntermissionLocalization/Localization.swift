import IntermissionBasics
import IntermissionCore

/// Intermission's own words in the languages it ships, and the choice of the language to speak.
///
/// The catalogues are the PO files in `Assets/locale`, compiled into the library
/// (`scripts/make-catalogues`), so that nothing is read from disk at run time and a game that
/// never calls `setlocale` still gets its players' language from the environment.
package enum Localization {
  /// The shipped catalogues, parsed at their first use, by language tag.
  static let catalogues: [String: MessageCatalog] = ShippedCatalogues.texts.compactMapValues {
    try? MessageCatalog(parsing: $0)
  }

  /// The languages Intermission speaks, as BCP 47 tags ("ar", "pt-BR", "zh-Hant"), sorted.
  package static var languages: [String] { catalogues.keys.sorted() }

  /// The catalogue of `language` (one of `languages`), or nil.
  package static func catalogue(_ language: String) -> MessageCatalog? { catalogues[language] }

  /// The English catalogue: every message's source text.
  package static var english: MessageCatalog { catalogues["en"]! }

  /// The language to speak, one of `languages`: the game's explicit choice when it gives one (a
  /// BCP 47 tag or a POSIX locale name; one Intermission does not speak gives English); else the
  /// first of `LANGUAGE` (a colon-separated list), `LC_ALL`, `LC_MESSAGES` and `LANG` that names a
  /// language Intermission speaks, in gettext's order; else English.
  package static func chooseLanguage(explicit: String?, environment: [String: String]) -> String {
    if let explicit { return match(explicit) ?? "en" }
    for variable in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[variable], !value.isEmpty else { continue }
      let names = variable == "LANGUAGE" ? value.split(separator: ":").map(String.init) : [value]
      if let found = names.lazy.compactMap(match).first { return found }
    }
    return "en"
  }

  /// The shipped language that serves `name`, a tag or a locale name; nil when none does.
  static func match(_ name: String) -> String? {
    let tag = LanguageTag.isWellFormed(name) ? name : LanguageTag.fromLocale(name)
    return tag.flatMap { LanguageTag.bestMatch(for: $0, in: languages) }
  }

  /// Whether text in `language` reads right to left: Arabic, Hebrew, Persian, Urdu and the other
  /// languages written in those scripts.
  package static func isRightToLeft(_ language: String) -> Bool {
    ["ar", "he", "iw", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"].contains(LanguageTag.primary(language))
  }
}
