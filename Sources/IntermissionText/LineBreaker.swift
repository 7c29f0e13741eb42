import CText

/// Where lines may break, by UAX #14 with ICU's dictionaries for languages written without spaces
/// (Thai, Lao, Khmer, Burmese, and CJK), and the wrapping of text into lines that fit a width.
package enum LineBreaker {
  /// The indices at which a new line may start in `text` (never its start; the last is its end),
  /// for text in `language` (a BCP 47 tag). Each is a grapheme cluster boundary. Latin text of
  /// letters, digits, spaces and common punctuation is broken without ICU (`LatinLineBreaks`).
  package static func breakOpportunities(in text: String, language: String) -> [String.Index] {
    let units = Array(text.utf16)
    guard !units.isEmpty else { return [] }
    var offsets: [Int32]
    if let latin = LatinLineBreaks.offsets(in: units) {
      offsets = latin
    } else {
      offsets = [Int32](repeating: 0, count: units.count + 1)
      let count = intermission_text_line_breaks(
        units, Int32(units.count), FontLanguage.icuLocale(language), &offsets, Int32(offsets.count))
      guard count > 0 else {
        if count < 0 { ICULibrary.noteFailure() }
        return [text.endIndex]
      }
      offsets.removeSubrange(Int(count)...)
    }
    var indices: [String.Index] = []
    for offset in offsets {
      // A break is a cluster boundary in practice; should ICU and Swift ever disagree, round down.
      var character = String.Index(utf16Offset: Int(offset), in: text)
      while String.Index(character, within: text) == nil { character = text.utf16.index(before: character) }
      if character > (indices.last ?? text.startIndex) { indices.append(character) }
    }
    if indices.last != text.endIndex { indices.append(text.endIndex) }
    return indices
  }

  /// `text` in at most `maxLines` lines no wider than `width` by `measure`, broken at the break
  /// opportunities of `language`; a segment wider than a line on its own is cut between grapheme
  /// clusters. When text is left over, the last line ends in "…" (cut to fit). Spaces at the end
  /// of a line are dropped.
  package static func wrap(
    _ text: String, width: Double, maxLines: Int, language: String, measure: (String) -> Double
  ) -> [String] {
    guard maxLines > 0, !text.isEmpty else { return [] }
    var lines: [String] = []
    var current = ""
    var start = text.startIndex
    var pending = breakOpportunities(in: text, language: language)[...]
    while let end = pending.first {
      let segment = String(text[start..<end])
      let candidate = current + segment
      if measure(trimmingTrailingSpaces(candidate)) <= width {
        current = candidate
        start = end
        pending = pending.dropFirst()
        continue
      }
      if current.isEmpty {
        // One segment wider than a line: as many clusters as fit, the rest on the next line.
        let fitting = GraphemeTruncation.longestPrefix(of: segment, fitting: width, measure: measure)
        let taken = max(1, fitting.count)
        current = String(segment.prefix(taken))
        start = text.index(start, offsetBy: taken)
      }
      lines.append(trimmingTrailingSpaces(current))
      current = ""
      if lines.count == maxLines {
        lines[maxLines - 1] = GraphemeTruncation.truncate(
          lines[maxLines - 1] + String(text[start...]), toFit: width, measure: measure, forcingEllipsis: true)
        return lines
      }
    }
    if !current.isEmpty { lines.append(trimmingTrailingSpaces(current)) }
    return lines
  }

  private static func trimmingTrailingSpaces(_ text: String) -> String {
    var result = text
    while let last = result.last, last.isWhitespace { result.removeLast() }
    return result
  }
}
