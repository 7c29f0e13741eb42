import IntermissionText
import Testing

/// Line breaks by UAX #14 with ICU's dictionaries, measured with one unit per character.
@Suite struct LineBreakerTests {
  func width(_ text: String) -> Double { Double(text.count) }

  func pieces(_ text: String, language: String) -> [String] {
    var start = text.startIndex
    return LineBreaker.breakOpportunities(in: text, language: language).map { end in
      defer { start = end }
      return String(text[start..<end])
    }
  }

  @Test func englishBreaksAfterSpacesAndHyphens() {
    #expect(pieces("Play now, well-made", language: "en") == ["Play ", "now, ", "well-", "made"])
  }

  @Test func thaiBreaksBetweenWordsWithoutSpaces() {
    // "ดาวน์โหลดเกมเลย": download, game, now. Breaking between its words needs a dictionary.
    let found = pieces("ดาวน์โหลดเกมเลย", language: "th")
    #expect(found == ["ดาวน์โหลด", "เกม", "เลย"], "found \(found)")
    #expect(found.joined() == "ดาวน์โหลดเกมเลย")
    #expect(found.contains("เกม"))
  }

  @Test func japaneseBreaksBetweenCharactersButNotBeforeClosingPunctuation() {
    let found = pieces("今すぐ、ゲーム。", language: "ja")
    #expect(found == ["今", "す", "ぐ、", "ゲ", "ー", "ム。"], "found \(found)")
    #expect(!found.contains { $0.hasPrefix("、") || $0.hasPrefix("。") })
    #expect(found.contains("ぐ、") && found.last == "ム。", "the commas stay with the word before them")
  }

  @Test func wrappingKeepsWordsWholeAndEllipsisesTheRest() {
    let lines = LineBreaker.wrap(
      "Build your fleet and conquer the stars tonight", width: 16, maxLines: 2, language: "en", measure: width)
    #expect(lines == ["Build your fleet", "and conquer the…"])
    #expect(lines.allSatisfy { width($0) <= 16 })
  }

  @Test func wrappingThaiUsesItsWordBreaks() {
    let lines = LineBreaker.wrap("ดาวน์โหลดเกมเลย", width: 10, maxLines: 3, language: "th", measure: width)
    #expect(lines == ["ดาวน์โหลด", "เกมเลย"], "at the break between its words")
    #expect(lines.joined() == "ดาวน์โหลดเกมเลย")
    #expect(lines.allSatisfy { width($0) <= 10 })
  }

  @Test func aWordWiderThanALineIsCutBetweenClusters() {
    let lines = LineBreaker.wrap("Supercalifragilistic", width: 8, maxLines: 5, language: "en", measure: width)
    #expect(lines == ["Supercal", "ifragili", "stic"])
  }

  @Test func nothingToWrapGivesNoLines() {
    #expect(LineBreaker.wrap("", width: 10, maxLines: 2, language: "en", measure: width).isEmpty)
    #expect(LineBreaker.wrap("text", width: 10, maxLines: 0, language: "en", measure: width).isEmpty)
  }
}
