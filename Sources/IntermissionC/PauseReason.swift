import IntermissionCore

/// Pause reasons as C callers name them.
enum PauseReason {
  /// The longest name of a game's own reason.
  static let maximumLength = 32

  /// The holder that `name` names: `user`, `window`, `ad`, `consent`, or a game's own name of 1 to 32
  /// characters of A-Z a-z 0-9 . _ -; nil for NULL and anything else.
  static func holder(named name: UnsafePointer<CChar>?) -> PauseHolder? {
    guard let name else { return nil }
    let bytes = UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self)
    var length = 0
    while length <= maximumLength, bytes[length] != 0 {
      guard isNameByte(bytes[length]) else { return nil }
      length += 1
    }
    guard (1...maximumLength).contains(length) else { return nil }
    let text = String(cString: name)
    switch text {
    case "user": return .user
    case "window": return .window
    case "ad": return .ad
    case "consent": return .consent
    default: return .custom(text)
    }
  }

  /// Whether `holder` is one only the overlay holds and releases: the ad view's and the consent
  /// form's.
  static func isOverlays(_ holder: PauseHolder) -> Bool { holder == .ad || holder == .consent }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }
}
