import IntermissionBasics

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
    case .string(let text): JSONText.quoted(text)
    case .int(let number): String(number)
    case .bool(let flag): flag ? "true" : "false"
    case .seconds(let value): JSONText.fixedMicroseconds(value)
    case .micros(let value): JSONText.millionths(value)
    }
  }

  /// `text` as a JSON string literal, escaped per RFC 8259 (`JSONText.quoted(_:)`).
  public static func quoted(_ text: String) -> String { JSONText.quoted(text) }

  /// `value` with exactly six decimals, computed without locale or libc formatting so that it is
  /// the same on every machine (`JSONText.fixedMicroseconds(_:)`).
  package static func fixedMicroseconds(_ value: Double) -> String { JSONText.fixedMicroseconds(value) }
}
