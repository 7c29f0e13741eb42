import Foundation
import IntermissionTestSupport
import IntermissionText
import Testing

/// "…" only between extended grapheme clusters: the Unicode grapheme break test data and seeded
/// random mixed-script strings, each cut at every width.
@Suite struct GraphemeTruncationTests {
  static let testData = "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt"

  /// A measure in which every scalar has its own width, so cuts inside clusters would be cheaper.
  static func measure(_ text: String) -> Double {
    text.unicodeScalars.reduce(0) { $0 + Double($1.value % 7 + 1) }
  }

  /// The UTF-16 offsets where the test data allows a break, and the text, for each of its lines.
  static func cases() throws -> [(text: String, breaks: Set<Int>)] {
    let contents = try String(contentsOfFile: testData, encoding: .utf8)
    return contents.split(separator: "\n").compactMap { line in
      guard let body = line.split(separator: "#").first, body.hasPrefix("÷") else { return nil }
      var text = ""
      var breaks: Set<Int> = []
      for token in body.split(separator: " ", omittingEmptySubsequences: true) {
        if token == "÷" {
          breaks.insert(text.utf16.count)
        } else if token != "×", let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
          text.unicodeScalars.append(scalar)
        }
      }
      return (text, breaks)
    }
  }

  func check(_ text: String, width: Double, breaks: Set<Int>? = nil) {
    let cut = GraphemeTruncation.truncate(text, toFit: width, measure: Self.measure)
    #expect(Self.measure(cut) <= width, "\(cut.debugDescription) is wider than \(width)")
    if cut.isEmpty {
      #expect(Self.measure("…") > width, "nothing, though \"…\" fits \(width)")
      return
    }
    guard cut != text else { return }  // it fits: measured above
    // By scalars: after a prepended mark (U+0600), "…" joins its cluster.
    #expect(cut.unicodeScalars.last == "…")
    let prefix = String(String.UnicodeScalarView(cut.unicodeScalars.dropLast()))
    #expect(text.starts(with: prefix), "\(prefix.debugDescription) is not a prefix of \(text.debugDescription)")
    #expect(Array(text).starts(with: Array(prefix)), "the cut falls inside a cluster of \(text.debugDescription)")
    if let breaks { #expect(breaks.contains(prefix.utf16.count), "cut inside a cluster of the test data") }
    // The longest such prefix: one more cluster (the next that is not a space) and "…" is too wide.
    let characters = Array(text)
    if let next = characters[Array(prefix).count...].firstIndex(where: { !$0.isWhitespace }) {
      let longer = String(characters[...next]) + "…"
      #expect(Self.measure(longer) > width, "\(longer.debugDescription) fits \(width) too")
    }
  }

  @Test func everyCutOfTheUnicodeTestDataIsAtAClusterBoundary() throws {
    let cases = try Self.cases()
    #expect(cases.count == 602, "the cases of Unicode 15.0.0's file (Debian 12's unicode-data)")
    for (text, breaks) in cases {
      for width in stride(from: 0.0, through: Self.measure(text) + 1, by: 1) {
        check(text, width: width, breaks: breaks)
      }
    }
  }

  @Test func seededMixedScriptStringsAreCutBetweenClusters() {
    let pieces = [
      "e\u{301}", "क्ष", "त्रि", "กี่", "👨‍👩‍👧", "🇯🇵", "👍🏽", "ﻻ", "سلام", "עברית", "今", "す", "한", "Ω", " ", "a", "1",
    ]
    var generator = SeededGenerator(seed: 31)
    for _ in 0..<400 {
      let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      let width = Double.random(in: 0...Self.measure(text) + 2, using: &generator).rounded()
      check(text, width: width)
    }
  }

  @Test func textThatFitsIsLeftAlone() {
    #expect(GraphemeTruncation.truncate("Play", toFit: 100, measure: Self.measure) == "Play")
  }

  @Test func spacesBeforeTheEllipsisAreDropped() {
    #expect(GraphemeTruncation.truncate("Play now", toFit: 5, measure: { Double($0.count) }) == "Play…")
  }

  @Test func notEvenTheEllipsisFittingGivesNothing() {
    #expect(GraphemeTruncation.truncate("Play", toFit: 0.5, measure: { Double($0.count) }) == "")
  }
}
