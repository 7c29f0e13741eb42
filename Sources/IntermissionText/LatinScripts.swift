/// The Script property of the scalars of Latin text, known without asking ICU: Basic Latin, Latin-1
/// Supplement, Latin Extended-A and -B and Additional, the combining diacritical marks, general
/// punctuation and the currency signs, as Scripts.txt gives them.
enum LatinScripts {
  /// A scalar's script as text layout uses it.
  enum Kind: Equatable {
    /// Latin ("Latn").
    case latin
    /// Common ("Zyyy"): spaces, digits, punctuation, symbols.
    case common
    /// Inherited ("Zinh"): combining marks, joiners.
    case inherited
  }

  /// `scalar`'s script, or nil when it is outside these blocks (ICU knows).
  static func kind(of scalar: Unicode.Scalar) -> Kind? {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA: .latin
    case 0xD7, 0xF7: .common
    case 0xC0...0x24F, 0x1E00...0x1EFF: .latin
    case 0x00...0xBF, 0x2000...0x200B, 0x200E...0x2064, 0x2066...0x206F, 0x20A0...0x20C0: .common
    case 0x300...0x36F, 0x200C, 0x200D: .inherited
    default: nil
    }
  }
}
