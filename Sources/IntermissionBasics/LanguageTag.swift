/// BCP 47 language tags ("ja", "zh-Hant", "pt-BR"): checked, compared and read from POSIX locale
/// names, as ads and catalogues name their languages.
package enum LanguageTag {
  /// Whether `tag` is well formed: subtags of ASCII letters and digits, 1 to 8 each, joined by
  /// hyphens, the first of 2 or 3 letters; 35 characters at most.
  package static func isWellFormed(_ tag: String) -> Bool {
    guard tag.utf8.count <= 35 else { return false }
    let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return subtags.allSatisfy {
      !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// The tag of a POSIX locale name: `ja_JP.UTF-8` gives `ja-JP`, `sr_RS@latin` gives `sr-RS`;
  /// nil for `C`, `POSIX` and anything that is not a locale name.
  package static func fromLocale(_ locale: String) -> String? {
    let name = String(locale.prefix { $0 != "." && $0 != "@" }.map { $0 == "_" ? "-" : $0 })
    guard name != "C", name != "POSIX", isWellFormed(name) else { return nil }
    return name
  }

  /// The primary language subtag, in lower case: "zh" for "zh-Hant".
  package static func primary(_ tag: String) -> String {
    String(tag.prefix { $0 != "-" }).lowercased()
  }

  /// Of `available` tags, the one that serves `wanted`: the same tag (in any case), else for
  /// Chinese the script it is written in (zh-TW, zh-HK and zh-MO are Traditional, the rest
  /// Simplified), else one of the same primary language (the first listed); nil when none is.
  package static func bestMatch(for wanted: String, in available: [String]) -> String? {
    let lowered = wanted.lowercased()
    if let same = available.first(where: { $0.lowercased() == lowered }) { return same }
    let language = primary(wanted)
    let candidates = available.filter { primary($0) == language }
    if language == "zh", candidates.count > 1 {
      let subtags = Set(lowered.split(separator: "-").map(String.init))
      let traditional = !subtags.isDisjoint(with: ["hant", "tw", "hk", "mo"]) && !subtags.contains("hans")
      let script = traditional ? "hant" : "hans"
      if let match = candidates.first(where: { $0.lowercased().split(separator: "-").contains(Substring(script)) }) {
        return match
      }
    }
    return candidates.first
  }
}
