import IntermissionBasics
import Testing

/// `containsText`, `rangeOfText` and `replacingText`: the byte searches that stand in for
/// `_StringProcessing`'s.
@Suite("Text search")
struct TextSearchTests {
  @Test func findsTheFirstOccurrenceByItsBytes() {
    let text = "https://ads.example/a://b"
    let range = text.rangeOfText("://")
    #expect(range.map { text.distance(from: text.startIndex, to: $0.lowerBound) } == 5)
    #expect(range.map { String(text[$0]) } == "://")
    #expect(text.rangeOfText("//ads.x") == nil, "a partial match at the end of a candidate is no match")
    #expect("aaab".rangeOfText("aab").map { "aaab".distance(from: "aaab".startIndex, to: $0.lowerBound) } == 1)
    #expect("ab".rangeOfText("abc") == nil, "a fragment longer than what is left")
    #expect("ab".rangeOfText("") == "ab".startIndex..<"ab".startIndex)
  }

  @Test func searchesSubstringsAndTextBeyondASCII() {
    let title = "«عرض» Play 2 اليوم: {reward}"
    let tail = title[title.firstIndex(of: "P")!...]
    #expect(tail.containsText("{reward}"))
    #expect(!tail.containsText("عرض"), "the substring starts after it")
    #expect(title.containsText("اليوم"))
    #expect(!title.containsText("{Reward}"), "bytes, not case-insensitive")
  }

  @Test func matchesBytesNotCharacters() {
    #expect("a\r\nb".containsText("\n"), "inside the character CR LF")
    let marked = "http://\u{0345}a.example"
    #expect(marked.rangeOfText("://").map { marked[$0.upperBound...].unicodeScalars.first } == "\u{0345}")
    #expect(!"\u{212A}".containsText("K"), "no Unicode equivalence")
    #expect("e\u{0301}".replacingText("e", with: "E") == "E\u{0301}")
  }

  @Test func replacesEveryOccurrenceOnceFromTheLeft() {
    #expect("${PRICE}&p=${PRICE}".replacingText("${PRICE}", with: "1.5") == "1.5&p=1.5")
    #expect("aaa".replacingText("aa", with: "b") == "ba", "occurrences do not overlap")
    #expect("x{n}y".replacingText("{n}", with: "{n}{n}") == "x{n}{n}y", "what is put in is not searched again")
    #expect("abc".replacingText("", with: "-") == "abc", "an empty fragment replaces nothing")
    #expect("Give up {reward}?".replacingText("{reward}", with: "100 ⭐") == "Give up 100 ⭐?")
  }
}
