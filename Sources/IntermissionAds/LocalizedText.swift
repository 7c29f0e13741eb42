import IntermissionBasics
import IntermissionCore

/// A house ad's text in one or more languages: a manifest entry's `title`, `description` or `cta`
/// given as a string, or as an object of language tags, `{"en": "Starfall Tactics", "ja":
/// "スターフォール・タクティクス"}`.
package struct LocalizedText: Hashable, Sendable {
  /// One language's text.
  package struct Variant: Hashable, Sendable {
    /// Its BCP 47 tag; nil for text given as a plain string, in no stated language.
    package var language: String?
    /// The text.
    package var text: String

    /// The text `text` in `language`.
    package init(language: String?, text: String) {
      self.language = language
      self.text = text
    }
  }

  /// The variants in the manifest's order; never empty.
  package var variants: [Variant]

  /// Text in the languages of `variants`, which must not be empty.
  package init(variants: [Variant]) {
    precondition(!variants.isEmpty, "a localized text has at least one variant")
    self.variants = variants
  }

  /// The variant for a game in `language`: its own language's (`LanguageTag.bestMatch`), else
  /// English's, else the first listed.
  package func variant(for language: String) -> Variant {
    let tags = variants.compactMap(\.language)
    let chosen = LanguageTag.bestMatch(for: language, in: tags) ?? LanguageTag.bestMatch(for: "en", in: tags)
    return variants.first { $0.language == chosen && chosen != nil } ?? variants[0]
  }
}

extension AdCreative {
  /// The creative as a game in `language` shows it: each of its title, description and call to
  /// action in the language that `LocalizedText.variant(for:)` picks, and its `language` the
  /// title's (unless the manifest entry stated one). A creative without translations is itself.
  package func localized(to language: String) -> AdCreative {
    var copy = self
    if let titles = localizedTitle {
      let title = titles.variant(for: language)
      copy.title = title.text
      if copy.language == nil { copy.language = title.language }
    }
    if let descriptions = localizedDescription { copy.description = descriptions.variant(for: language).text }
    if let labels = localizedCallToAction { copy.callToAction = labels.variant(for: language).text }
    return copy
  }
}
