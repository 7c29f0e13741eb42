import IntermissionCore

/// SDL is global to a process: one session of it at a time, from `SDL_Init` to `SDL_Quit`.
///
/// `exclusive(_:)` runs a whole session while no other runs, so that code that may run in parallel,
/// such as Swift Testing's tests (parallel by default), never has two SDL sessions at once.
/// `HeadlessGame.run` and `HeadlessLoop.run` (IntermissionTesting) take it by themselves; a test
/// that sets SDL up by hand takes it around its body:
///
/// ```swift
/// @Test func myWindowTest() throws {
///   try SDLSession.exclusive {
///     SDL_Init(UInt32(SDL_INIT_VIDEO)); defer { SDL_Quit() }
///     // ...
///   }
/// }
/// ```
///
/// It is not reentrant: a session does not start another inside itself.
public enum SDLSession {
  private static let gate = SessionGate()

  /// Runs `body` while no other session runs, waiting for the one under way to end.
  public static func exclusive<T>(_ body: () throws -> T) rethrows -> T {
    gate.enter()
    defer { gate.leave() }
    return try body()
  }

  /// Runs `body` while no other session runs, waiting (blocking its thread) for the one under way.
  public static func exclusive<T>(_ body: () async throws -> T) async rethrows -> T {
    gate.enter()
    defer { gate.leave() }
    return try await body()
  }
}

/// A flag that one session at a time holds; not bound to a thread, so that an asynchronous session
/// may end on another thread than it began on.
private final class SessionGate: @unchecked Sendable {
  private let condition = Condition()
  private var isBusy = false

  func enter() {
    condition.lock()
    defer { condition.unlock() }
    while isBusy { condition.wait() }
    isBusy = true
  }

  func leave() {
    condition.withLock {
      isBusy = false
      condition.broadcast()
    }
  }
}
