extension StrictJSON {
  /// Where a member named `key` first appears in the document `bytes` (already parsed): the line and
  /// column of its name's opening quote; nil when no name is spelt as `key` without escapes. For a
  /// message that names the place of an unknown or wrong member.
  package static func location(ofMember key: String, in bytes: [UInt8]) -> (line: Int, column: Int)? {
    let wanted = Array(key.utf8)
    var line = 1
    var lineStart = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        lineStart = index + 1
      }
      guard byte == UInt8(ascii: "\"") else {
        index += 1
        continue
      }
      let open = index
      index += 1
      while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      let name = bytes[min(open + 1, bytes.count)..<min(index, bytes.count)]
      index += 1
      var next = index
      while next < bytes.count
        && (bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0A || bytes[next] == 0x0D)
      {
        next += 1
      }
      if next < bytes.count && bytes[next] == UInt8(ascii: ":") && name.elementsEqual(wanted) {
        return (line, open - lineStart + 1)
      }
    }
    return nil
  }
}
