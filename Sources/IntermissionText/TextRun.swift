/// A stretch of text drawn with one font in one script and one direction: what HarfBuzz shapes as
/// one buffer.
package struct TextRun: Hashable, Sendable {
  /// The run's text, in logical (reading) order.
  package var text: String
  /// Its script's ISO 15924 code ("Latn", "Arab", "Hani"), as HarfBuzz takes it.
  package var script: String
  /// Whether it reads right to left (an odd bidirectional embedding level).
  package var isRightToLeft: Bool
  /// Its font: an index into the caller's list of fonts.
  package var font: Int

  /// A run of `text` in `script`, direction and `font`.
  package init(text: String, script: String, isRightToLeft: Bool, font: Int) {
    self.text = text
    self.script = script
    self.isRightToLeft = isRightToLeft
    self.font = font
  }
}

/// A line of text split into runs, in the order they are drawn from left to right.
package struct ItemizedText: Hashable, Sendable {
  /// The runs, left to right on the line.
  package var runs: [TextRun]
  /// The characters that no font has, in logical order, each once: left out of `runs`.
  package var missing: [Unicode.Scalar]
  /// Whether the paragraph reads right to left (its first strong character is).
  package var isRightToLeft: Bool
}
