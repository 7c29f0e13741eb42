import CText

/// The embedding levels of a paragraph's characters, by the Unicode Bidirectional Algorithm (UAX #9)
/// as ICU's `ubidi` resolves them.
struct BidiLevels {
  /// Each character's level: its first UTF-16 unit's (odd is right to left).
  var characters: [UInt8]
  /// Whether the paragraph's own level is right to left.
  var isRightToLeft: Bool

  /// Resolves the levels: every one 0 without asking ICU when the paragraph is not right to left
  /// and no character may be other than left to right (`mayNeedBidi`), else by ICU.
  static func resolve(_ characters: [Character], direction: TextItemizer.Direction) -> BidiLevels {
    if direction != .rightToLeft, !characters.contains(where: { $0.unicodeScalars.contains(where: mayNeedBidi) }) {
      // No strong right-to-left character, Arabic number or explicit embedding: rules P2 and P3
      // give level 0, and every rule after leaves each character there (W1 to I2, L1).
      return BidiLevels(characters: [UInt8](repeating: 0, count: characters.count), isRightToLeft: false)
    }
    var units: [UInt16] = []
    var starts: [Int] = []
    for character in characters {
      starts.append(units.count)
      units.append(contentsOf: character.utf16)
    }
    let base: CInt =
      switch direction {
      case .automatic: -1
      case .leftToRight: 0
      case .rightToLeft: 1
      }
    var levels = [UInt8](repeating: 0, count: units.count)
    let paragraph = intermission_text_bidi_levels(units, Int32(units.count), base, &levels)
    guard paragraph >= 0 else {
      // ICU failed (out of memory) or cannot be loaded: everything at the base level.
      ICULibrary.noteFailure()
      let level: UInt8 = direction == .rightToLeft ? 1 : 0
      return BidiLevels(characters: starts.map { _ in level }, isRightToLeft: level == 1)
    }
    return BidiLevels(characters: starts.map { levels[$0] }, isRightToLeft: paragraph == 1)
  }

  /// Whether `scalar` may be of a bidirectional class that can raise a level in a left-to-right
  /// paragraph: R, AL or AN (the blocks of Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan and the
  /// other right-to-left scripts, with their presentation forms, as DerivedBidiClass.txt assigns
  /// them, unassigned code points included), the right-to-left mark, or an explicit embedding,
  /// override or isolate.
  static func mayNeedBidi(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFB1D...0xFDFF, 0xFE70...0xFEFF,
      0x10800...0x10FFF, 0x1E800...0x1EFFF:
      true
    default: false
    }
  }
}
