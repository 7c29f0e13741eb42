import CText

/// The embedding levels of a paragraph's characters, by the Unicode Bidirectional Algorithm (UAX #9)
/// as ICU's `ubidi` resolves them.
struct BidiLevels {
  /// Each character's level: its first UTF-16 unit's (odd is right to left).
  var characters: [UInt8]
  /// Whether the paragraph's own level is right to left.
  var isRightToLeft: Bool

  static func resolve(_ characters: [Character], direction: TextItemizer.Direction) -> BidiLevels {
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
      // ICU failed (out of memory): everything at the base level.
      let level: UInt8 = direction == .rightToLeft ? 1 : 0
      return BidiLevels(characters: starts.map { _ in level }, isRightToLeft: level == 1)
    }
    return BidiLevels(characters: starts.map { levels[$0] }, isRightToLeft: paragraph == 1)
  }
}
