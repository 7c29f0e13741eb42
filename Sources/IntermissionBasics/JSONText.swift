/// JSON text written the same way on every machine: string literals and fixed-point numbers,
/// without locale or libc formatting. Traces, reports and requests are written with it.
package enum JSONText {
  /// `text` as a JSON string literal, escaped per RFC 8259.
  package static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// `value` with exactly six decimals ("null" when it is not finite).
  package static func fixedMicroseconds(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let micros = Int((abs(value) * 1_000_000).rounded())
    let fraction = String(micros % 1_000_000)
    let sign = value < 0 && micros != 0 ? "-" : ""
    return sign + String(micros / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count)
      + fraction
  }

  /// A count of millionths written as a number with exactly six decimals (1500000 as `1.500000`).
  package static func millionths(_ value: Int64) -> String {
    (value < 0 ? "-" : "") + "\(value.magnitude / 1_000_000)."
      + String(String(value.magnitude % 1_000_000 + 1_000_000).dropFirst())
  }
}
