/// RFC 3986 percent-encoding, the one place that knows which bytes a URL's component may carry as
/// they are: beacons' query fields, VAST's macros and URL normalisation all use it.
package enum PercentEncoding {
  /// Whether `byte` is one of RFC 3986's unreserved characters: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
  package static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }
  }

  /// `text` with every byte of its UTF-8 but the unreserved characters percent-encoded, in upper
  /// case (`a b/é` is `a%20b%2F%C3%A9`).
  package static func encoded(_ text: String) -> String {
    var encoded = ""
    encoded.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isUnreserved(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded.unicodeScalars.append("%")
        encoded.unicodeScalars.append(Unicode.Scalar(hexDigit(byte >> 4)))
        encoded.unicodeScalars.append(Unicode.Scalar(hexDigit(byte & 0x0F)))
      }
    }
    return encoded
  }

  /// The upper-case hexadecimal digit of `value` (0 to 15).
  package static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }
}
