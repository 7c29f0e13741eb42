#if canImport(Glibc)
  import Glibc
#endif

/// Times of day in UTC as text, without Foundation.
public enum UTCTimestamp {
  /// `seconds` (Unix time) in ISO 8601's basic format, to the second: `20261201T083000Z`. Safe
  /// in a file name.
  public static func compact(_ seconds: Double) -> String {
    var time = time_t(seconds.isFinite ? seconds.rounded(.down) : 0)
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return "00000000T000000Z" }
    func digits(_ value: Int32, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    return digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "T"
      + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "Z"
  }
}
