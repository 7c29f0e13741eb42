/// A BCP 47 language tag ("ja", "zh-Hant", "pt-BR") as fontconfig and ICU name it.
package enum FontLanguage {
  /// Fontconfig's name for `tag`'s language: its primary subtag in lower case ("ar", "ja"), but
  /// for Chinese the region whose Han shapes it takes: "zh-cn" (Simplified, and plain "zh"),
  /// "zh-tw" (Traditional), "zh-hk", "zh-mo". Empty for a tag that is not one (nothing but
  /// letters, digits and hyphens, a primary subtag of 2 to 8 letters).
  package static func fontconfigName(_ tag: String) -> String {
    let subtags = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard let primary = subtags.first, (2...8).contains(primary.count),
      primary.allSatisfy({ $0.isASCII && $0.isLetter }),
      subtags.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
    else { return "" }
    guard primary == "zh" else { return primary }
    let rest = Set(subtags.dropFirst())
    if rest.contains("hk") { return "zh-hk" }
    if rest.contains("mo") { return "zh-mo" }
    if rest.contains("hant") || rest.contains("tw") { return "zh-tw" }
    return "zh-cn"
  }

  /// The language part ICU's line breaker takes ("ja", "th"): the primary subtag, or "" when `tag`
  /// is not a language tag.
  package static func icuLocale(_ tag: String) -> String {
    let name = fontconfigName(tag)
    return String(name.prefix { $0 != "-" })
  }
}
