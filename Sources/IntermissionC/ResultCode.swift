import CIntermission

/// The result codes of intermission.h as the C functions return them.
enum ResultCode {
  static let ok = Int32(INTERMISSION_OK)
  static let invalidHandle = Int32(INTERMISSION_ERROR_INVALID_HANDLE)
  static let invalidArgument = Int32(INTERMISSION_ERROR_INVALID_ARGUMENT)
  static let unknownReason = Int32(INTERMISSION_ERROR_UNKNOWN_REASON)
  static let notHeld = Int32(INTERMISSION_ERROR_NOT_HELD)
  static let alreadyHeld = Int32(INTERMISSION_ERROR_ALREADY_HELD)
  static let wrongThread = Int32(INTERMISSION_ERROR_WRONG_THREAD)
  static let sdl = Int32(INTERMISSION_ERROR_SDL)
  static let unknownTransaction = Int32(INTERMISSION_ERROR_UNKNOWN_TRANSACTION)
  static let unknownKey = Int32(INTERMISSION_ERROR_UNKNOWN_KEY)
  static let wrongKind = Int32(INTERMISSION_ERROR_WRONG_KIND)
}
