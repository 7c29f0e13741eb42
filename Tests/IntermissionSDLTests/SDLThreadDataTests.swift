import Foundation
import IntermissionBasics
import IntermissionSDL
import Testing

/// SDL 2 frees a thread's own data (its error message, values set with `SDL_TLSSet`) only for
/// threads it created. A thread of the game's or of a pool that used SDL through Intermission
/// frees it as it ends: the sanitizer found the error message of a test's pool thread left behind.
/// (A thread that did not register is not shown keeping its data: that leak would fail the
/// sanitizer's run.)
@Suite("SDL's thread data")
struct SDLThreadDataTests {
  /// Counts the runs of the destructor of a value set with `SDL_TLSSet`.
  static let freed = Locked(0)

  /// Runs `body` on a thread of its own, and waits until the thread has ended.
  static func onAThreadThatEnds(_ body: @escaping @Sendable () -> Void) {
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body))
    let created = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, box.toOpaque())
    precondition(created == 0, "pthread_create: \(created)")
    pthread_join(thread, nil)
  }

  final class Box: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// Sets a value of SDL's thread-local storage whose destructor counts into `freed`.
  static func setCountedValue(_ id: SDL_TLSID) {
    let set = SDL_TLSSet(id, UnsafeRawPointer(bitPattern: 1), { _ in SDLThreadDataTests.freed.withLock { $0 += 1 } })
    precondition(set == 0, "SDL_TLSSet failed")
  }

  @Test func aThreadThatUsedSDLThroughUsFreesSDLsDataAsItEnds() {
    let id = SDL_TLSCreate()
    #expect(id != 0)
    let before = Self.freed.withLock { $0 }

    // A thread that entered SDL through Intermission (twice): its data was freed as it ended.
    let registered = Locked(false)
    Self.onAThreadThatEnds {
      SDLThreadData.freeAtThreadExit()
      Self.setCountedValue(id)
      SDLThreadData.freeAtThreadExit()
      registered.withLock { $0 = SDLThreadData.isFreedAtThreadExit }
    }
    #expect(registered.withLock { $0 })
    #expect(Self.freed.withLock { $0 } == before + 1, "SDL's data for that thread was freed at its end")
  }

  @Test func enteringASessionHasTheThreadFreeSDLsDataAsItEnds() {
    let registered = Locked(false)
    Self.onAThreadThatEnds {
      SDLSession.exclusive {
        registered.withLock { $0 = SDLThreadData.isFreedAtThreadExit }
      }
    }
    #expect(registered.withLock { $0 })
  }
}
