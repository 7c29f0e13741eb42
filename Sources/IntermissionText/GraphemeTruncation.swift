/// Text cut to a width with "…", only between extended grapheme clusters (UAX #29, Swift's
/// `Character`): never inside a base and its marks, an Indic conjunct, a flag or an emoji sequence.
package enum GraphemeTruncation {
  /// The ellipsis that ends cut text.
  package static let ellipsis = "…"

  /// `text` when it fits `width` by `measure`; else its longest grapheme prefix that, without the
  /// spaces at its end and with "…" after it, fits; "…" alone, or nothing when not even that fits.
  /// - Parameters:
  ///   - text: the text to fit.
  ///   - width: the room, in `measure`'s units.
  ///   - measure: a string's drawn width; called with whole candidate strings, so that a shaper
  ///     measures each as drawn (Arabic letters join differently at the cut).
  ///   - forcingEllipsis: cut even when `text` fits (its continuation was dropped).
  package static func truncate(
    _ text: String, toFit width: Double, measure: (String) -> Double, forcingEllipsis: Bool = false
  ) -> String {
    if !forcingEllipsis, measure(text) <= width { return text }
    let characters = Array(text)
    func candidate(_ count: Int) -> String {
      var prefix = String(characters.prefix(count))
      while let last = prefix.last, last.isWhitespace { prefix.removeLast() }
      return prefix + ellipsis
    }
    // The widths of prefixes mostly grow with their length; search, then step down past any that
    // do not fit after all.
    var low = 0
    var high = forcingEllipsis ? characters.count : characters.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if measure(candidate(middle)) <= width { low = middle } else { high = middle - 1 }
    }
    var count = low
    while count > 0, measure(candidate(count)) > width { count -= 1 }
    let result = candidate(count)
    return measure(result) <= width ? result : ""
  }

  /// The longest grapheme prefix of `text` that fits `width` by `measure` as it is (no ellipsis).
  package static func longestPrefix(of text: String, fitting width: Double, measure: (String) -> Double) -> String {
    let characters = Array(text)
    var low = 0
    var high = characters.count
    while low < high {
      let middle = (low + high + 1) / 2
      if measure(String(characters.prefix(middle))) <= width { low = middle } else { high = middle - 1 }
    }
    return String(characters.prefix(low))
  }
}
