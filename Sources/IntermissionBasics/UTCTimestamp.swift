#if canImport(Glibc)
  import Glibc
#endif

/// Times of day in UTC as text, without Foundation.
package enum UTCTimestamp {
  /// `seconds` (Unix time) in ISO 8601's basic format, to the second: `20261201T083000Z`. Safe
  /// in a file name.
  package static func compact(_ seconds: Double) -> String {
    guard let parts = parts(of: seconds) else { return "00000000T000000Z" }
    return digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "T"
      + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "Z"
  }

  /// `seconds` (Unix time) in ISO 8601's extended format with milliseconds, as VAST's
  /// `[TIMESTAMP]` takes it: `2026-12-01T08:30:00.250Z`.
  package static func extended(_ seconds: Double) -> String {
    let whole = seconds.isFinite ? seconds.rounded(.down) : 0
    guard let parts = parts(of: whole) else { return "1970-01-01T00:00:00.000Z" }
    let milliseconds = Int32(min(999, max(0, ((seconds.isFinite ? seconds : 0) - whole) * 1000)))
    return digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-" + digits(parts.tm_mday, 2)
      + "T" + digits(parts.tm_hour, 2) + ":" + digits(parts.tm_min, 2) + ":" + digits(parts.tm_sec, 2) + "."
      + digits(milliseconds, 3) + "Z"
  }

  private static func parts(of seconds: Double) -> tm? {
    var time = time_t(seconds.isFinite ? seconds.rounded(.down) : 0)
    var parts = tm()
    return gmtime_r(&time, &parts) != nil ? parts : nil
  }

  private static func digits(_ value: Int32, _ count: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, count - text.count)) + text
  }
}
