import CSDL2
import IntermissionBasics
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
///     SDL_Init(UInt32(SDL_INIT_VIDEO)); defer { SDLSession.quit() }
///     // ...
///   }
/// }
/// ```
///
/// It is not reentrant: a session does not start another inside itself.
///
/// Code outside it cannot be made safe, but it can be noticed: `HeadlessGame.run`, `HeadlessLoop.run`
/// and the host check, once they hold the gate, that SDL is not initialised already; and a canvas
/// or `AdOverlay` that draws through SDL is refused while another thread draws through SDL outside
/// any session, or, made outside a session itself, while one holds the gate. Both throw
/// `ConcurrentSessionError` rather than let two sessions corrupt SDL's global state.
public enum SDLSession {
  private static let gate = SessionGate()

  /// Another SDL session is running in this process, outside `exclusive(_:)`: a test that calls
  /// `SDL_Init` itself without the gate, or an own loop's overlay on a second thread.
  public struct ConcurrentSessionError: Error, Hashable, CustomStringConvertible {
    /// What the error says, always the same.
    public static let message =
      "another SDL session is running in this process: wrap it in SDLSession.exclusive (README, Writing tests)"

    /// Creates the error.
    public init() {}

    public var description: String { ConcurrentSessionError.message }
  }

  /// Ends SDL (`SDL_Quit`) at the end of a session: first waits for the video ads' audio devices
  /// handed to their closing thread, and notes that SDL ended, so that an overlay that outlives
  /// the session (a test's game kept past `HeadlessLoop.run`) does not end the audio of the next
  /// session when it goes. Use it instead of `SDL_Quit` in a session that made an overlay.
  public static func quit() {
    AudioDeviceCloser.finishBeforeSDLEnds()
    SDL_Quit()
  }

  /// Throws unless SDL is uninitialised: a session runs from `SDL_Init` to `SDL_Quit`, so SDL found
  /// initialised before a session starts means that code outside any `exclusive(_:)` is using it.
  /// Call it holding the gate, before starting SDL; it touches nothing of SDL's.
  /// - Throws: `ConcurrentSessionError` when SDL is initialised.
  public static func requireNoOtherSession() throws {
    if SDL_WasInit(0) != 0 { throw refusal() }
  }

  /// The error for a second session, said on stderr at once as well: the other session's code may
  /// tear SDL down (its `SDL_Quit`) and crash the process before the error reaches anyone.
  static func refusal() -> ConcurrentSessionError {
    FileDescriptor.printToStandardError("intermission: error: " + ConcurrentSessionError.message)
    return ConcurrentSessionError()
  }

  /// Whether the code running holds the session's gate: it runs inside `exclusive(_:)`.
  @TaskLocal package static var isHeldHere = false

  /// Whether some code holds the gate now.
  package static var isHeld: Bool { gate.isHeld }

  /// Runs `body` while no other session runs, waiting for the one under way to end.
  public static func exclusive<T>(_ body: () throws -> T) rethrows -> T {
    SDLThreadData.freeAtThreadExit()
    gate.enter()
    defer { gate.leave() }
    return try $isHeldHere.withValue(true) { try body() }
  }

  /// Runs `body` while no other session runs, waiting (blocking its thread) for the one under way.
  public static func exclusive<T>(_ body: () async throws -> T) async rethrows -> T {
    SDLThreadData.freeAtThreadExit()
    gate.enter()
    defer { gate.leave() }
    return try await $isHeldHere.withValue(true) { try await body() }
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

  var isHeld: Bool { condition.withLock { isBusy } }

  func leave() {
    condition.withLock {
      isBusy = false
      condition.broadcast()
    }
  }
}
