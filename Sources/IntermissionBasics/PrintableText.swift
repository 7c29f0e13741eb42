/// Text from untrusted input made safe to print in a one-line message.
package enum PrintableText {
  /// `text` with every control character (C0, DEL and C1, CR and LF included) written as a
  /// `\u{XX}` escape, so that a message quoting it stays on one line and moves no terminal cursor.
  /// Text longer than `limit` characters is cut and ends in `…`.
  package static func escaping(_ text: some StringProtocol, limit: Int = 80) -> String {
    var result = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == limit {
        result += "…"
        break
      }
      count += 1
      if isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` is a control character: U+0000–U+001F, U+007F or U+0080–U+009F.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Whether `text` contains a control character.
  package static func containsControl(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.contains(where: isControl)
  }
}
