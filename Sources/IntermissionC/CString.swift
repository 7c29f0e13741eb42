/// C strings the API writes into memory it does not own.
enum CString {
  /// Copies `text` into `buffer` as a NUL-terminated string of at most `capacity` bytes, NUL
  /// included, cut before a character that does not fit whole. Writes nothing when `buffer` is nil
  /// or `capacity` is 0.
  static func copy(_ text: String, into buffer: UnsafeMutablePointer<CChar>?, capacity: Int) {
    guard let buffer, capacity > 0 else { return }
    var length = 0
    for scalar in text.unicodeScalars {
      let width = UTF8.width(scalar)
      guard length + width < capacity, let units = UTF8.encode(scalar) else { break }
      for unit in units {
        buffer[length] = CChar(bitPattern: unit)
        length += 1
      }
    }
    buffer[length] = 0
  }
}
