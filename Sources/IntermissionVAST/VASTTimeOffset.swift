/// A point in a linear ad: a time (`HH:MM:SS` or `HH:MM:SS.mmm`) or a share of its duration
/// (`n%`), as `Linear@skipoffset` and `Tracking@offset` give one.
package enum VASTTimeOffset: Hashable, Sendable {
  /// Seconds from the start.
  case seconds(Double)
  /// A share of the duration, from 0 to 1.
  case fraction(Double)

  /// Reads `text`; nil when it is neither form (or out of range).
  package init?(_ text: String) {
    let trimmed = text.trimmingWhitespace
    if trimmed.hasSuffix("%") {
      guard let percent = Double(trimmed.dropLast()), percent.isFinite, percent >= 0, percent <= 100 else {
        return nil
      }
      self = .fraction(percent / 100)
    } else if let seconds = VASTTimeOffset.clockSeconds(trimmed) {
      self = .seconds(seconds)
    } else {
      return nil
    }
  }

  /// Seconds of `HH:MM:SS(.mmm)`, or nil.
  package static func clockSeconds(_ text: String) -> Double? {
    let parts = text.trimmingWhitespace.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]),
      let seconds = Double(parts[2]), seconds.isFinite, parts[2].first?.isNumber == true,
      hours >= 0, (0..<60).contains(minutes), seconds >= 0, seconds < 60
    else { return nil }
    return Double(hours * 3600 + minutes * 60) + seconds
  }

  /// The offset in seconds into an ad of `duration` seconds.
  package func seconds(in duration: Double) -> Double {
    switch self {
    case .seconds(let seconds): seconds
    case .fraction(let fraction): fraction * duration
    }
  }
}

extension String {
  /// The text without the white space around it.
  var trimmingWhitespace: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
