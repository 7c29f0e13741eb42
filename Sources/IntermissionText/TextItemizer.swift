import CText
import IntermissionBasics

/// Splits a line of text into runs by font, script and direction, and orders them for drawing.
///
/// Directions come from the Unicode Bidirectional Algorithm (ICU's `ubidi`), scripts from the
/// Script property (ICU's `uscript`, with Common and Inherited characters taking their neighbours'
/// script), and fonts from the caller, per extended grapheme cluster, so that a base and its marks,
/// a flag or an emoji sequence always share a font. The runs are reordered by rule L2 of UAX #9.
package enum TextItemizer {
  /// The paragraph direction to lay a line out in.
  package enum Direction: Hashable, Sendable {
    /// From the text's first strong character (rules P2 and P3), left to right without one.
    case automatic
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
  }

  /// `text`'s runs, left to right on the line.
  /// - Parameters:
  ///   - text: one line (a line break in it is laid out as any other character).
  ///   - direction: the paragraph's direction.
  ///   - font: the index of the font that draws a character, or nil when none does; such
  ///     characters are left out, and listed in the result's `missing`.
  package static func itemize(
    _ text: String, direction: Direction = .automatic, font: (Character) -> Int?
  ) -> ItemizedText {
    var kept: [(character: Character, font: Int)] = []
    var missing: [Unicode.Scalar] = []
    for character in text {
      if let index = font(character) {
        kept.append((character, index))
      } else {
        for scalar in character.unicodeScalars where !GlyphlessScalars.contains(scalar) && !missing.contains(scalar) {
          missing.append(scalar)
        }
      }
    }
    let levels = BidiLevels.resolve(kept.map(\.character), direction: direction)
    let scripts = scriptsOf(kept.map(\.character))
    var runs: [(run: TextRun, level: UInt8)] = []
    for (offset, item) in kept.enumerated() {
      let level = levels.characters[offset]
      if let last = runs.last, last.level == level, last.run.font == item.font, last.run.script == scripts[offset] {
        runs[runs.count - 1].run.text.append(item.character)
      } else {
        let run = TextRun(
          text: String(item.character), script: scripts[offset], isRightToLeft: level & 1 == 1, font: item.font)
        runs.append((run, level))
      }
    }
    return ItemizedText(runs: reorder(runs).map(\.run), missing: missing, isRightToLeft: levels.isRightToLeft)
  }

  /// Each character's script: its first scalar's own script, or, for a character of Common or
  /// Inherited scalars only (spaces, digits, punctuation), the script before it, else after it.
  /// Latin text's scripts are known without ICU (`LatinScripts`); ICU gives the others.
  static func scriptsOf(_ characters: [Character]) -> [String] {
    var own: [String?] = characters.map { character in
      for scalar in character.unicodeScalars {
        if let kind = LatinScripts.kind(of: scalar) {
          if kind == .latin { return "Latn" }
          continue
        }
        var code = [CChar](repeating: 0, count: 8)
        let found = intermission_text_script(scalar.value, &code)
        if found == 0 {
          return String(nulTerminated: code)
        }
        if found < 0 { ICULibrary.noteFailure() }
      }
      return nil
    }
    let first = own.first(where: { $0 != nil }) ?? "Zyyy"
    var previous = first
    for index in own.indices {
      if let script = own[index] { previous = script } else { own[index] = previous }
    }
    return own.map { $0 ?? "Zyyy" }
  }

  /// Runs in logical order, reordered for display by rule L2: from the highest level down to the
  /// lowest odd one, each stretch of runs at that level or above is reversed.
  static func reorder(_ runs: [(run: TextRun, level: UInt8)]) -> [(run: TextRun, level: UInt8)] {
    guard let highest = runs.map(\.level).max(), let lowestOdd = runs.map(\.level).filter({ $0 & 1 == 1 }).min()
    else { return runs }
    var ordered = runs
    var level = highest
    while level >= lowestOdd {
      var start = 0
      while start < ordered.count {
        guard ordered[start].level >= level else {
          start += 1
          continue
        }
        var end = start
        while end < ordered.count, ordered[end].level >= level { end += 1 }
        ordered[start..<end].reverse()
        start = end
      }
      if level == 0 { break }
      level -= 1
    }
    return ordered
  }
}

/// Scalars that draw nothing of their own, so a font need not have them: joiners, variation
/// selectors and emoji tag characters.
package enum GlyphlessScalars {
  /// Whether `scalar` is one of them.
  package static func contains(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0020...0xE007F, 0xE0100...0xE01EF: true
    default: false
    }
  }
}
