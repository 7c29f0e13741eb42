import CText
import IntermissionTestSupport
import Testing

@testable import IntermissionText

/// Latin text is laid out without ICU (so that a run of it never loads ICU); these compare each
/// answer found without it with ICU's own, over every scalar or string the shortcut covers.
@Suite struct LatinTextTests {
  /// ICU's script code and kind for `scalar`: 0 own, 1 Common, 2 Inherited.
  static func icuScript(_ scalar: UInt32) -> (code: String, kind: CInt) {
    var code = [CChar](repeating: 0, count: 8)
    let kind = intermission_text_script(scalar, &code)
    return (String(decoding: code.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), kind)
  }

  @Test func latinScriptsAreICUsForEveryScalarTheyKnow() throws {
    var known = 0
    for value in UInt32(0)...0x2FFF {
      guard let scalar = Unicode.Scalar(value), let kind = LatinScripts.kind(of: scalar) else { continue }
      known += 1
      let icu = Self.icuScript(value)
      switch kind {
      case .latin: #expect(icu.kind == 0 && icu.code == "Latn", "U+\(String(value, radix: 16)): \(icu)")
      case .common: #expect(icu.kind == 1, "U+\(String(value, radix: 16)): \(icu)")
      case .inherited: #expect(icu.kind == 2, "U+\(String(value, radix: 16)): \(icu)")
      }
    }
    #expect(known == 0x250 + 0x70 + 0x100 + 0x6F + 0x21)
  }

  @Test func noScalarOutsideTheRightToLeftBlocksRaisesALevel() {
    // Every scalar that `mayNeedBidi` lets through, in one paragraph: ICU must give them all level 0.
    var units: [UInt16] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), !BidiLevels.mayNeedBidi(scalar) else { continue }
      units.append(contentsOf: Character(scalar).utf16)
    }
    var levels = [UInt8](repeating: 9, count: units.count)
    let paragraph = intermission_text_bidi_levels(units, Int32(units.count), -1, &levels)
    #expect(paragraph == 0)
    let raised = levels.indices.filter { levels[$0] != 0 }.prefix(5).map { String(units[$0], radix: 16) }
    #expect(raised.isEmpty, "units at a level other than 0: \(raised)")
  }

  @Test func mixedTextStillGoesThroughICU() {
    let levels = BidiLevels.resolve(Array("abc \u{5D0}\u{5D1}"), direction: .automatic)
    #expect(levels.characters == [0, 0, 0, 0, 1, 1] && !levels.isRightToLeft)
    // After a right-to-left embedding, a Latin letter is at level 2 (rule I2).
    let embedded = BidiLevels.resolve(Array("a\u{202B}b"), direction: .leftToRight)
    #expect(embedded.characters == [0, 2, 2])
  }

  /// ICU's break offsets for `text` in `locale`.
  static func icuBreaks(_ text: [UInt16], locale: String) -> [Int32] {
    var offsets = [Int32](repeating: 0, count: text.count + 1)
    let count = intermission_text_line_breaks(text, Int32(text.count), locale, &offsets, Int32(offsets.count))
    return Array(offsets.prefix(Int(max(0, count))))
  }

  @Test func latinLineBreaksAreICUsForEveryShortString() throws {
    // One scalar of each class the shortcut knows: every string of up to four, in two locales.
    let alphabet: [UInt16] = Array("a1 ,.:;!?\"'-é".utf16)
    var strings: [[UInt16]] = [[]]
    var compared = 0
    for _ in 1...4 {
      strings = strings.flatMap { prefix in alphabet.map { prefix + [$0] } }
      for text in strings {
        let latin = try #require(LatinLineBreaks.offsets(in: text))
        for locale in ["en", "ja"] {
          let icu = Self.icuBreaks(text, locale: locale)
          if latin != icu {
            Issue.record(
              "\(String(decoding: text, as: UTF16.self).debugDescription) in \(locale): \(latin), ICU \(icu)")
          }
        }
        compared += 1
      }
    }
    #expect(compared == 13 + 13 * 13 + 13 * 13 * 13 + 13 * 13 * 13 * 13)
  }

  @Test func latinLineBreaksAreICUsForLongerStrings() throws {
    var generator = SeededGenerator(seed: 40)
    let letters =
      (0x41...0x5A).map(UInt16.init) + (0xC0...0x24F).map(UInt16.init).filter { $0 != 0xD7 && $0 != 0xF7 }
      + (0x1E00...0x1EFF).map(UInt16.init)
    let others: [UInt16] = Array("0123456789 ,.:;!?\"'-".utf16)
    for _ in 0..<3000 {
      let text = (0..<Int.random(in: 5...24, using: &generator)).map { _ in
        Bool.random(using: &generator)
          ? letters.randomElement(using: &generator)! : others.randomElement(using: &generator)!
      }
      let latin = try #require(LatinLineBreaks.offsets(in: text))
      #expect(latin == Self.icuBreaks(text, locale: "en"), "\(String(decoding: text, as: UTF16.self).debugDescription)")
    }
    #expect(LatinLineBreaks.offsets(in: Array("a\nb".utf16)) == nil, "a line feed is ICU's")
    #expect(LatinLineBreaks.offsets(in: Array("(a)".utf16)) == nil, "brackets are ICU's")
  }
}
