import CSDL2
import Glibc

/// SDL 2 keeps thread-local data (its error message, for one) for every thread that calls it, and
/// frees it at exit only for the threads it created itself; a thread of the game's, or of a pool,
/// that used SDL through Intermission and then ends would leave that data behind (a few hundred
/// bytes each time). `freeAtThreadExit()` has the calling thread free it as it ends
/// (`SDL_TLSCleanup`, SDL 2.0.16 and later), once per thread, however often it is called.
///
/// The cleanup runs among the thread's `thread_local` destructors (`__cxa_thread_atexit_impl`),
/// not as a pthread key's destructor: glibc clears every key's value before it runs those, SDL's
/// own key's among them, so SDL would find nothing to free.
package enum SDLThreadData {
  /// A key whose value marks the threads that will free SDL's data; nil when none could be made
  /// (then nothing is freed, as before).
  private static let registeredKey: pthread_key_t? = {
    var key = pthread_key_t()
    guard pthread_key_create(&key, nil) == 0 else { return nil }
    return key
  }()

  /// Frees SDL's data for the calling thread when the thread ends.
  package static func freeAtThreadExit() {
    guard let key = registeredKey, pthread_getspecific(key) == nil else { return }
    guard intermission_at_thread_exit({ _ in SDL_TLSCleanup() }, nil) == 0 else { return }
    // Any non-nil value marks the thread.
    _ = pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
  }

  /// Whether the calling thread frees SDL's data when it ends (for tests).
  package static var isFreedAtThreadExit: Bool { registeredKey.map { pthread_getspecific($0) != nil } ?? false }
}
