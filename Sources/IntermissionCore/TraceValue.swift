/// A value in a trace record.
public enum TraceValue: Hashable, Sendable {
  case string(String)
  case int(Int)
  case bool(Bool)
  /// Seconds, written with microsecond precision.
  case seconds(Double)
  /// A fixed-point number in millionths, written as a number with six fractional digits.
  case micros(Int64)

  /// The value as JSON text.
  public var json: String {
    switch self {
    case .string(let text): TraceValue.quoted(text)
    case .int(let number): String(number)
    case .bool(let flag): flag ? "true" : "false"
    case .seconds(let value): TraceValue.fixedMicroseconds(value)
    case .micros(let value):
      (value < 0 ? "-" : "") + "\(value.magnitude / 1_000_000)."
        + String(String(value.magnitude % 1_000_000 + 1_000_000).dropFirst())
    }
  }

  /// `text` as a JSON string literal, escaped per RFC 8259.
  public static func quoted(_ text: String) -> String {
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

  /// `value` with exactly six decimals, computed without locale or libc formatting so that it is
  /// the same on every machine.
  public static func fixedMicroseconds(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let micros = Int((abs(value) * 1_000_000).rounded())
    let fraction = String(micros % 1_000_000)
    let sign = value < 0 && micros != 0 ? "-" : ""
    return sign + String(micros / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count)
      + fraction
  }
}
