extension String {
  /// The text a C library wrote into a character buffer (an error message, a path, a code): the
  /// bytes before the first NUL, or all of them without one, as UTF-8 with invalid bytes replaced.
  package init(nulTerminated buffer: [CChar]) {
    self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
