import Foundation
import IntermissionCore
import IntermissionSDL
import IntermissionTestSupport
import IntermissionText
import Testing

/// Text in every script, drawn by the SDL canvas and checked by its pixels: no .notdef boxes,
/// Arabic joined and read from the right, marks on their bases, regional Han faces, and the
/// fallback when no installed font has a character.
@Suite("Text in every script", .serialized, .sdlSession)
struct ScriptRenderingTests {
  /// A title for a banner in each script, with its language.
  static let samples: [(script: String, language: String, text: String)] = [
    ("Latin with diacritics", "fr", "Crème brûlée à Zürich — Ångström"),
    ("Cyrillic", "ru", "Скачайте игру сегодня"),
    ("Greek", "el", "Κατεβάστε το παιχνίδι"),
    ("Arabic", "ar", "حمّل اللعبة الآن"),
    ("Hebrew", "he", "הורידו את המשחק עכשיו"),
    ("Devanagari", "hi", "अभी डाउनलोड करें"),
    ("Thai", "th", "ดาวน์โหลดเกมเลยตอนนี้"),
    ("Japanese", "ja", "今すぐお届けできます"),
    ("Simplified Chinese", "zh-Hans", "立即下载游戏"),
    ("Korean", "ko", "지금 바로 다운로드하세요"),
    ("emoji ZWJ sequence", "en", "Family 👨‍👩‍👧 night"),
    ("Arabic with an English word", "ar", "العب Starfall Tactics الآن"),
  ]

  /// Where white text drew on black: its box, and each column's topmost and bottommost ink.
  struct Ink {
    var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
    var columns: [Int: (top: Int, bottom: Int)] = [:]
    var isEmpty: Bool { minX > maxX }
    var width: Int { isEmpty ? 0 : maxX - minX + 1 }
  }

  static func ink(_ text: String, language: String, on stack: BackendFixtures.Stack, style: TextStyle = .title) throws
    -> Ink
  {
    stack.canvas.clear(Color(hex: 0x000000))
    stack.canvas.drawText(
      text, style: style, color: Color(hex: 0xFFFFFF), in: Rect(x: 10, y: 10, width: 880, height: 100),
      alignment: .leading, language: language, truncating: false)
    let pixels = try stack.canvas.readPixels()
    var ink = Ink()
    for y in 0..<pixels.height {
      for x in 0..<pixels.width where pixels.pixel(x: x, y: y).green > 96 {
        ink.minX = min(ink.minX, x)
        ink.maxX = max(ink.maxX, x)
        ink.minY = min(ink.minY, y)
        ink.maxY = max(ink.maxY, y)
        let column = ink.columns[x] ?? (y, y)
        ink.columns[x] = (min(column.top, y), max(column.bottom, y))
      }
    }
    return ink
  }

  @Test(arguments: samples.indices)
  func aTitleInEachScriptDrawsEveryCharacterWithAFontThatHasIt(sample: Int) throws {
    let (script, language, text) = Self.samples[sample]
    let stack = try BackendFixtures.Stack(width: 900, height: 120)
    let drawn = try Self.ink(text, language: language, on: stack, style: .heading)
    #expect(!drawn.isEmpty && drawn.width > 40, "\(script) drew nothing")
    #expect(stack.canvas.takeMissingGlyphs().isEmpty, "\(script) has characters no font has")
    let faces = stack.canvas.faces(for: text, style: .heading, language: language)
    let library = try FontLibrary()
    for (character, face) in zip(text, faces) {
      let face = try #require(face, "no face for \(character) in \(script)")
      let font = try Font(library: library, face: face, pointSize: 24)
      let scalars = character.unicodeScalars.filter { !GlyphlessScalars.contains($0) }
      #expect(scalars.allSatisfy(font.provides), "\(face.path) lacks part of \(character)")
      guard !character.isWhitespace else { continue }
      // Pixels: the character's glyphs are not the face's .notdef box (a noncharacter draws it).
      let glyph = try font.render(String(character))
      let box = try font.render("\u{10FFFD}")
      #expect(!glyph.samePixels(as: box), "\(character) in \(script) draws as a box")
    }
  }

  @Test func arabicIsJoinedAndItsFirstLetterIsTheRightmost() throws {
    let stack = try BackendFixtures.Stack(width: 900, height: 120)
    let word = "سلام"
    let joined = stack.canvas.measureText(word, style: .title, language: "ar").width
    let isolated = word.map { stack.canvas.measureText(String($0), style: .title, language: "ar").width }
    #expect(joined < isolated.reduce(0, +) - 4, "joined letters are narrower than their isolated forms")
    // "انت": the alef, the tallest letter, comes first in reading order, so it is at the right.
    let ink = try Self.ink("انت", language: "ar", on: stack)
    let tallest = try #require(ink.columns.max { $0.value.bottom - $0.value.top < $1.value.bottom - $1.value.top })
    #expect(tallest.key > ink.minX + ink.width * 3 / 4, "the alef is in the rightmost quarter")
  }

  @Test func thaiAndDevanagariMarksSitOnTheirBases() throws {
    let stack = try BackendFixtures.Stack(width: 900, height: 120)
    for (base, marked, language, above) in [("ก", "กี่", "th", true), ("क", "कु", "hi", false)] {
      let plain = try Self.ink(base, language: language, on: stack)
      let withMarks = try Self.ink(marked, language: language, on: stack)
      #expect(withMarks.width <= plain.width + 3, "\(marked)'s marks take no room of their own beside \(base)")
      if above {
        #expect(withMarks.minY < plain.minY - 4, "\(marked)'s marks are above its base")
      } else {
        #expect(withMarks.maxY > plain.maxY + 4, "\(marked)'s mark is below its base")
      }
    }
    // A conjunct is one glyph, narrower than its letters and virama side by side.
    let conjunct = stack.canvas.measureText("क्ष", style: .title, language: "hi").width
    let apart = ["क", "्", "ष"].map { stack.canvas.measureText($0, style: .title, language: "hi").width }
    #expect(conjunct < apart.reduce(0, +) - 4)
  }

  @Test func hanTakesTheFaceOfTheTextsLanguage() throws {
    let stack = try BackendFixtures.Stack(width: 900, height: 120)
    let japanese = try #require(stack.canvas.faces(for: "直", style: .body, language: "ja").first ?? nil)
    let chinese = try #require(stack.canvas.faces(for: "直", style: .body, language: "zh-Hans").first ?? nil)
    let traditional = try #require(stack.canvas.faces(for: "直", style: .body, language: "zh-Hant").first ?? nil)
    #expect(
      Set([japanese, chinese, traditional]).count == 3, "three regional faces: \(japanese), \(chinese), \(traditional)")
    let japaneseInk = try Self.ink("直", language: "ja", on: stack)
    let chineseInk = try Self.ink("直", language: "zh-Hans", on: stack)
    // The same character, drawn differently: each region's own glyph.
    #expect(japaneseInk.columns.count > 10 && chineseInk.columns.count > 10)
    #expect(
      japaneseInk.columns.map { [$0.key, $0.value.top, $0.value.bottom] }.sorted { $0[0] < $1[0] }
        != chineseInk.columns.map { [$0.key, $0.value.top, $0.value.bottom] }.sorted { $0[0] < $1[0] })
  }

  @Test func aCharacterNoFontHasIsLeftOutAndReportedUntilAFontIsGiven() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = folder.appendingPathComponent("fonts.conf").path
    try """
    <?xml version="1.0"?>
    <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(folder.path)</cachedir></fontconfig>
    """.write(toFile: configuration, atomically: true, encoding: .utf8)
    let dejaVuOnly = try FontLookup(configurationFile: configuration)
    let text = "今すぐ OK"
    do {
      let stack = try BackendFixtures.Stack(width: 900, height: 120, fontPaths: [], fontLookup: dejaVuOnly)
      let ink = try Self.ink(text, language: "ja", on: stack)
      #expect(stack.canvas.takeMissingGlyphs() == ["今", "す", "ぐ"])
      let okOnly = try Self.ink("OK", language: "ja", on: stack)
      // Only "OK" drew, column for column as it draws alone (moved right by the space before it):
      // no boxes for the missing characters.
      #expect(okOnly.width > 20, "\"OK\" drew alone: \(okOnly.width) columns")
      let shift = ink.minX - okOnly.minX
      let moved: [[Int]] = ink.columns.map { [$0.key - shift, $0.value.top, $0.value.bottom] }
      let alone: [[Int]] = okOnly.columns.map { [$0.key, $0.value.top, $0.value.bottom] }
      #expect(
        moved.sorted { $0[0] < $1[0] } == alone.sorted { $0[0] < $1[0] },
        "the mixed text's ink (\(ink.minX)...\(ink.maxX)) is \"OK\"'s (\(okOnly.minX)...\(okOnly.maxX))")
      #expect(stack.canvas.takeMissingGlyphs().isEmpty, "each is reported once")
    }
    let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    let stack = try BackendFixtures.Stack(
      width: 900, height: 120, fontPaths: [BackendFixtures.font, cjk], fontLookup: dejaVuOnly)
    let ink = try Self.ink(text, language: "ja", on: stack)
    #expect(stack.canvas.takeMissingGlyphs().isEmpty)
    let okOnly = try Self.ink("OK", language: "ja", on: stack)
    #expect(ink.width > okOnly.width + 60, "the game's own CJK font drew the Japanese")
  }

  /// Emoji keep their own colours in text of any colour: a colour font's runs are not tinted with
  /// the text's colour (red text would leave them without green or blue), but they do fade with it.
  @Test func emojiKeepTheirColoursInColouredTextAndFadeWithIt() throws {
    let stack = try BackendFixtures.Stack(width: 400, height: 120)
    func draw(_ color: Color) throws -> (greenest: Int, brightest: Int) {
      stack.canvas.clear(Color(hex: 0x000000))
      stack.canvas.drawText(
        "Sun 🌻 and 😀", style: .title, color: color, in: Rect(x: 10, y: 10, width: 380, height: 100),
        alignment: .leading, language: "en", truncating: false)
      let pixels = try stack.canvas.readPixels()
      var greenest = 0
      var brightest = 0
      for y in 0..<pixels.height {
        for x in 0..<pixels.width {
          let pixel = pixels.pixel(x: x, y: y)
          greenest = max(greenest, Int(pixel.green))
          brightest = max(brightest, Int(pixel.red), Int(pixel.green), Int(pixel.blue))
        }
      }
      return (greenest, brightest)
    }
    let red = try draw(Color(hex: 0xFF0000))
    #expect(red.greenest > 150, "the emoji's yellow keeps its green in red text: \(red.greenest)")
    let invisible = try draw(Color(red: 255, green: 0, blue: 0, alpha: 0))
    #expect(invisible.brightest == 0, "transparent text draws no emoji either")
  }
}
