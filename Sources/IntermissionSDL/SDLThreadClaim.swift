import Glibc
import IntermissionBasics
import IntermissionCore

/// A claim on SDL by a canvas or an overlay of Intermission's that draws through it, made outside
/// any `SDLSession.exclusive` session: SDL is global and single-threaded, so such code may draw on
/// one thread at a time, and never while a session holds the gate.
///
/// Each `SDLCanvas` and each overlay that draws through SDL (`AdOverlay(manifestPath:...)`, the
/// host's) claims SDL as it is created. Inside a session (`HeadlessGame.run`, `HeadlessLoop.run`, a
/// test's `exclusive`) the gate already keeps other sessions out, so the claim is refused only
/// while something outside it draws on another thread, and is not kept. Outside a session, it is
/// refused while a session holds the gate or a claim lives on another thread, and is kept as long
/// as its owner lives. Two own-loop tests that call `SDL_Init` themselves and run in parallel, or
/// one beside a `HeadlessGame` test, would otherwise corrupt SDL's state and crash somewhere
/// unrelated.
package final class SDLThreadClaim: Sendable {
  /// The thread holding the claims made outside any session, and how many it holds.
  private static let holder = Locked<(thread: pthread_t, claims: Int)?>(nil)

  private let isKept: Bool

  private init(isKept: Bool) { self.isKept = isKept }

  /// Claims SDL for one more canvas or overlay on the calling thread.
  /// - Throws: `SDLSession.ConcurrentSessionError` when code outside any session draws on another
  ///   thread, or (outside a session) while a session holds the gate.
  package static func claim() throws -> SDLThreadClaim {
    SDLThreadData.freeAtThreadExit()
    let current = pthread_self()
    let inSession = SDLSession.isHeldHere
    try holder.withLock { holder in
      if let held = holder, pthread_equal(held.thread, current) == 0 { throw SDLSession.refusal() }
      if inSession { return }
      if SDLSession.isHeld { throw SDLSession.refusal() }
      holder = (current, (holder?.claims ?? 0) + 1)
    }
    return SDLThreadClaim(isKept: !inSession)
  }

  deinit {
    guard isKept else { return }
    SDLThreadClaim.holder.withLock { holder in
      guard let held = holder else { return }
      holder = held.claims > 1 ? (held.thread, held.claims - 1) : nil
    }
  }
}
