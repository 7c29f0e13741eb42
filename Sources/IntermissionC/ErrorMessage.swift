import CIntermission

/// The last error of an overlay, kept as a NUL-terminated C string for `intermission_errmsg`.
final class ErrorMessage {
  /// The buffer's size in bytes, NUL included; longer messages are cut at a character boundary.
  static let capacity = 512
  /// The C string: "" when the last call succeeded.
  let cString = UnsafeMutablePointer<CChar>.allocate(capacity: ErrorMessage.capacity)

  init() { cString.initialize(to: 0) }

  deinit { cString.deallocate() }

  /// Keeps `text` as the last error and returns `code`.
  func fail(_ code: Int32, _ text: String) -> Int32 {
    CString.copy(text, into: cString, capacity: ErrorMessage.capacity)
    return code
  }

  /// Clears the last error and returns `INTERMISSION_OK`.
  func succeed() -> Int32 {
    cString[0] = 0
    return ResultCode.ok
  }
}
