/// Random (version 4) UUIDs from the system's generator, in lower case: the beacons' nonces and the
/// rewards' transaction ids.
package enum RandomUUID {
  /// A new random UUID, such as `1b4e28ba-2fa1-41d2-883f-0016d3cca427`.
  package static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    let hex = bytes.map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }
    return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
  }

  /// Whether `text` is a UUID in the form `make()` writes (36 characters, lower-case hex).
  package static func isWellFormed(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        guard
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        else { return false }
      }
    }
    return true
  }
}
