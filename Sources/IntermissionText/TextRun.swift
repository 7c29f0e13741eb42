/// A stretch of text drawn with one font in one script and one direction: what HarfBuzz shapes as
/// one buffer.
public struct TextRun: Hashable, Sendable {
  /// The run's text, in logical (reading) order.
  public var text: String
  /// Its script's ISO 15924 code ("Latn", "Arab", "Hani"), as HarfBuzz takes it.
  public var script: String
  /// Whether it reads right to left (an odd bidirectional embedding level).
  public var isRightToLeft: Bool
  /// Its font: an index into the caller's list of fonts.
  public var font: Int

  /// A run of `text` in `script`, direction and `font`.
  public init(text: String, script: String, isRightToLeft: Bool, font: Int) {
    self.text = text
    self.script = script
    self.isRightToLeft = isRightToLeft
    self.font = font
  }
}

/// A line of text split into runs, in the order they are drawn from left to right.
public struct ItemizedText: Hashable, Sendable {
  /// The runs, left to right on the line.
  public var runs: [TextRun]
  /// The characters that no font has, in logical order, each once: left out of `runs`.
  public var missing: [Unicode.Scalar]
  /// Whether the paragraph reads right to left (its first strong character is).
  public var isRightToLeft: Bool
}
