import IntermissionBasics
import IntermissionCore

/// The values of VAST 4's macros for one tracker request, and their substitution into its URL.
///
/// `[ERRORCODE]`, `[TIMESTAMP]`, `[CACHEBUSTING]`, `[ADPLAYHEAD]`, `[ASSETURI]` and `[ADSERVINGID]`
/// are filled, percent-encoded; any other macro becomes -1 (VAST 4.1: "unknown"), and a macro
/// with no value here (an error code on a tracker that is no Error URL) is -1 as well.
package struct VASTMacros: Hashable, Sendable {
  /// `[ERRORCODE]`, on Error URLs.
  package var errorCode: VASTError.Code?
  /// `[TIMESTAMP]`: ISO 8601 with milliseconds (`2026-12-01T20:59:23.110Z`).
  package var timestamp: String?
  /// `[CACHEBUSTING]`: 8 random digits.
  package var cacheBusting: String?
  /// `[ADPLAYHEAD]`: the playhead, in seconds.
  package var playhead: Double?
  /// `[ASSETURI]`: the media file played.
  package var assetURI: String?
  /// `[ADSERVINGID]`.
  package var adServingID: String?

  /// No values: every macro becomes -1.
  package init() {}

  /// `url` with every `[MACRO]` replaced.
  package func substitute(_ url: String) -> String {
    var output = ""
    var rest = url[...]
    while let open = rest.firstIndex(of: "[") {
      output += rest[..<open]
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(of: "]"),
        !after[..<close].isEmpty,
        after[..<close].allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isUppercase || $0.isNumber)) })
      else {
        output += "["
        rest = after
        continue
      }
      output += value(of: String(after[..<close])).map(VASTMacros.percentEncoded) ?? "-1"
      rest = after[after.index(after: close)...]
    }
    return output + rest
  }

  private func value(of macro: String) -> String? {
    switch macro {
    case "ERRORCODE": errorCode.map { String($0.rawValue) }
    case "TIMESTAMP": timestamp
    case "CACHEBUSTING": cacheBusting
    case "ADPLAYHEAD": playhead.map(VASTMacros.clockText)
    case "ASSETURI": assetURI
    case "ADSERVINGID": adServingID
    default: nil
    }
  }

  /// `seconds` as VAST writes a time: `HH:MM:SS.mmm`.
  package static func clockText(_ seconds: Double) -> String {
    let milliseconds = Int((max(0, seconds) * 1000).rounded())
    let (hours, minutes) = (milliseconds / 3_600_000, milliseconds / 60_000 % 60)
    let (whole, fraction) = (milliseconds / 1000 % 60, milliseconds % 1000)
    func padded(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(padded(hours, 2)):\(padded(minutes, 2)):\(padded(whole, 2)).\(padded(fraction, 3))"
  }

  /// `text` with every byte but RFC 3986's unreserved characters percent-encoded
  /// (`PercentEncoding.encoded(_:)`).
  package static func percentEncoded(_ text: String) -> String { PercentEncoding.encoded(text) }
}
