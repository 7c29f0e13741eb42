/// URL-safe base64 without padding (RFC 4648 §5), over bits rather than bytes, as the IAB's
/// consent strings use it: six bits per character.
package enum Base64URL {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The characters for `bits`, zero-padded to a multiple of 6.
  package static func encode(_ bits: [UInt8]) -> String {
    var characters: [UInt8] = []
    characters.reserveCapacity((bits.count + 5) / 6)
    var index = 0
    while index < bits.count {
      var value = 0
      for offset in 0..<6 {
        value = value << 1 | (index + offset < bits.count ? Int(bits[index + offset]) : 0)
      }
      characters.append(alphabet[value])
      index += 6
    }
    return String(decoding: characters, as: UTF8.self)
  }

  /// The bits of `text`, refusing any character outside the URL-safe alphabet (`+`, `/` and the
  /// `=` of padding included), with its 1-based position.
  package static func decode(_ text: Substring, kind: String) throws(ConsentStringError) -> [UInt8] {
    var bits: [UInt8] = []
    bits.reserveCapacity(text.utf8.count * 6)
    for (offset, byte) in text.utf8.enumerated() {
      let value: Int
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte - UInt8(ascii: "a")) + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - UInt8(ascii: "0")) + 52
      case UInt8(ascii: "-"): value = 62
      case UInt8(ascii: "_"): value = 63
      default:
        let shown = byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
        throw ConsentStringError(
          kind: kind, reason: "\(shown) is not a character of URL-safe base64 without padding",
          location: "character \(offset + 1)")
      }
      for shift in stride(from: 5, through: 0, by: -1) { bits.append(UInt8((value >> shift) & 1)) }
    }
    return bits
  }
}
