#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to a file descriptor without Foundation.
package enum FileDescriptor {
  /// Writes all of `bytes` to `descriptor`, retrying short writes and interrupted calls.
  /// - Returns: 0, or the `errno` of the write that failed (`EIO` for one that wrote nothing).
  @discardableResult
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      if written < 0 { return errno }
      if written == 0 { return EIO }
      offset += written
    }
    return 0
  }

  /// Writes `line` and a newline to standard error in one `write(2)`; a failure has nowhere to be
  /// reported.
  package static func printToStandardError(_ line: String) {
    var text = line + "\n"
    _ = text.withUTF8 { writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
  }
}
