/// Searching text for a fragment by its UTF-8 bytes, without the standard library's
/// `_StringProcessing` (`contains(_:)`, `firstRange(of:)` and `replacing(_:with:)` on strings come
/// from it, and linking it maps about 800 KiB more code into every run: BENCHMARKS.md, row 6).
///
/// A match is of bytes, not of characters: `"a\r\nb"` holds `"\n"`, and `"http://\u{0345}a"`
/// holds `"://"` (where a search by characters sees `/` and the combining mark as one character),
/// while `"\u{212A}"` (the Kelvin sign) does not hold `"K"`. The fragments searched for are ASCII
/// markers (`://`, a macro, a placeholder), and what follows a match is checked by its caller
/// (`WebURL` takes ASCII hosts only). The indices returned are valid in the text searched.
extension StringProtocol {
  /// Whether `fragment` occurs in this text, byte for byte; an empty fragment always does.
  package func containsText(_ fragment: some StringProtocol) -> Bool {
    rangeOfText(fragment) != nil
  }

  /// The first place where `fragment` occurs in this text, byte for byte; nil when it does not.
  /// An empty fragment occurs at the start.
  package func rangeOfText(_ fragment: some StringProtocol) -> Range<Index>? {
    let bytes = utf8
    let wanted = fragment.utf8
    guard let first = wanted.first else { return startIndex..<startIndex }
    var start = bytes.startIndex
    while let candidate = bytes[start...].firstIndex(of: first) {
      var here = candidate
      var matched = true
      for byte in wanted {
        guard here != bytes.endIndex, bytes[here] == byte else {
          matched = false
          break
        }
        here = bytes.index(after: here)
      }
      if matched { return candidate..<here }
      start = bytes.index(after: candidate)
    }
    return nil
  }

  /// This text with every occurrence of `fragment` (not empty) replaced by `replacement`, left to
  /// right, each replaced once.
  package func replacingText(_ fragment: some StringProtocol, with replacement: some StringProtocol) -> String {
    var result = ""
    var rest = self[...]
    while !fragment.isEmpty, let range = rest.rangeOfText(fragment) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
