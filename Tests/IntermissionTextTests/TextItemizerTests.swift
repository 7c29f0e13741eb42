import IntermissionText
import Testing

/// Runs by script and direction, in drawing order, with one font for everything (index 0) unless
/// a test says otherwise.
@Suite struct TextItemizerTests {
  func runs(_ text: String, font: (Character) -> Int? = { _ in 0 }) -> [String] {
    TextItemizer.itemize(text, font: font).runs.map { "\($0.text)|\($0.script)|\($0.isRightToLeft ? "rtl" : "ltr")" }
  }

  @Test func latinIsOneLeftToRightRun() {
    #expect(runs("Crème brûlée, 3 €") == ["Crème brûlée, 3 €|Latn|ltr"])
  }

  @Test func anEnglishNameInArabicStaysLeftToRightBetweenTheArabicWords() {
    // Logical: "العب" (play), the brand, "الآن" (now). Drawn left to right: "الآن", the brand, "العب".
    let itemized = TextItemizer.itemize("العب Starfall Tactics الآن") { _ in 0 }
    #expect(itemized.isRightToLeft)
    // Spaces take their neighbours' script: the first joins "العب", the second is on its own.
    #expect(
      itemized.runs.map(\.text) == ["الآن", " ", "Starfall Tactics", "العب "],
      "the first logical word is the rightmost; the Latin run keeps its own order")
    #expect(itemized.runs.map(\.isRightToLeft) == [true, true, false, true])
    #expect(itemized.runs[2].script == "Latn" && itemized.runs[0].script == "Arab")
  }

  @Test func hebrewWithDigitsKeepsTheNumberLeftToRight() {
    let itemized = TextItemizer.itemize("מבצע 2024 היום") { _ in 0 }
    // Digits are of no script: they are Hebrew text here, at the embedded left-to-right level.
    #expect(itemized.runs.map(\.text) == [" היום", "2024", "מבצע "])
    #expect(itemized.runs.map(\.isRightToLeft) == [true, false, true])
    #expect(itemized.runs.allSatisfy { $0.script == "Hebr" })
  }

  @Test func englishWithAnArabicWordOrdersOnlyThatWord() {
    let itemized = TextItemizer.itemize("Play سلام now") { _ in 0 }
    #expect(!itemized.isRightToLeft)
    #expect(itemized.runs.map(\.text) == ["Play ", "سلام", " ", "now"])
    #expect(itemized.runs.map(\.isRightToLeft) == [false, true, false, false])
  }

  @Test func japaneseSplitsByScriptAndPunctuationJoinsItsNeighbour() {
    #expect(runs("今すぐ、ゲーム") == ["今|Hani|ltr", "すぐ、|Hira|ltr", "ゲーム|Kana|ltr"])
  }

  @Test func fontsSplitRunsAndAClusterNeverSplits() {
    // Latin in font 0, everything else in font 1: the family emoji is one cluster, one run.
    let text = "Hi 👨‍👩‍👧!"
    let itemized = TextItemizer.itemize(text) { $0.isASCII ? 0 : 1 }
    #expect(itemized.runs.map(\.text) == ["Hi ", "👨‍👩‍👧", "!"])
    #expect(itemized.runs.map(\.font) == [0, 1, 0])
  }

  @Test func charactersNoFontHasAreLeftOutAndListedOnce() {
    let itemized = TextItemizer.itemize("A今B今") { $0.isASCII ? 0 : nil }
    #expect(itemized.runs.map(\.text) == ["AB"])
    #expect(itemized.missing == ["今"])
  }

  @Test func emptyTextHasNoRuns() {
    let itemized = TextItemizer.itemize("") { _ in 0 }
    #expect(itemized.runs.isEmpty && itemized.missing.isEmpty && !itemized.isRightToLeft)
  }

  @Test func anExplicitDirectionOverridesTheFirstStrongCharacter() {
    let itemized = TextItemizer.itemize("OK 5", direction: .rightToLeft) { _ in 0 }
    #expect(itemized.isRightToLeft)
    #expect(itemized.runs.map(\.isRightToLeft).contains(false), "Latin stays left to right inside")
  }

  @Test func languageTagsMapToFontconfigNames() {
    #expect(FontLanguage.fontconfigName("ja") == "ja")
    #expect(FontLanguage.fontconfigName("zh-Hans") == "zh-cn")
    #expect(FontLanguage.fontconfigName("zh") == "zh-cn")
    #expect(FontLanguage.fontconfigName("zh-Hant") == "zh-tw")
    #expect(FontLanguage.fontconfigName("zh-Hant-HK") == "zh-hk")
    #expect(FontLanguage.fontconfigName("pt-BR") == "pt")
    #expect(FontLanguage.fontconfigName("x") == "")
    #expect(FontLanguage.fontconfigName("ja:lang=ko") == "")
    #expect(FontLanguage.icuLocale("zh-Hant") == "zh")
  }
}
