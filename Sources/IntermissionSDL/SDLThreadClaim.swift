import Glibc
import Synchronization

/// A claim on the thread that draws through SDL: every canvas and overlay of Intermission's that
/// draws through SDL in a process lives on one thread, since SDL is global and single-threaded.
///
/// Each `SDLCanvas` and each overlay that draws through SDL (`AdOverlay(manifestPath:...)`, the
/// host's) keeps a claim for as long as it lives. A claim made on another thread while one is held
/// is refused: two own loops drawing at once (two own-loop tests in parallel, each with `SDL_Init`
/// of its own) would otherwise corrupt SDL's state and crash somewhere unrelated. (The C API's
/// overlays, whose canvases claim it too, also refuse every call from another thread.)
package final class SDLThreadClaim: Sendable {
  /// The thread holding the claims, and how many it holds.
  private static let holder = Mutex<(thread: pthread_t, claims: Int)?>(nil)

  private init() {}

  /// Claims the calling thread for one more overlay.
  /// - Throws: `SDLSession.ConcurrentSessionError` when an overlay lives on another thread.
  package static func claim() throws -> SDLThreadClaim {
    let current = pthread_self()
    try holder.withLock { holder in
      if let held = holder, pthread_equal(held.thread, current) == 0 {
        throw SDLSession.refusal()
      }
      holder = (current, (holder?.claims ?? 0) + 1)
    }
    return SDLThreadClaim()
  }

  deinit {
    SDLThreadClaim.holder.withLock { holder in
      guard let held = holder else { return }
      holder = held.claims > 1 ? (held.thread, held.claims - 1) : nil
    }
  }
}
