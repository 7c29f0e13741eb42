import CSDL2

/// A failed SDL call, with SDL's own message captured at the point of failure.
public struct SDLError: Error, CustomStringConvertible, Equatable {
  /// The SDL function that failed.
  public let function: String
  /// `SDL_GetError()` right after the failure.
  public let message: String

  /// Captures `SDL_GetError()` for a failure of `function`.
  public init(_ function: String) {
    self.function = function
    self.message = String(cString: SDL_GetError())
  }

  /// Creates an error with an explicit message.
  public init(function: String, message: String) {
    self.function = function
    self.message = message
  }

  public var description: String { "\(function) failed: \(message)" }
}

/// Small helpers that turn SDL's C conventions into typed throws.
enum SDLCall {
  /// Throws unless `result` is 0 or positive.
  static func check(_ result: CInt, _ function: String) throws {
    if result < 0 { throw SDLError(function) }
  }

  /// Returns `pointer` or throws if it is nil.
  static func nonNil<T>(_ pointer: T?, _ function: String) throws -> T {
    guard let pointer else { throw SDLError(function) }
    return pointer
  }
}
