import CIntermissionSupport
import CSDL2
import Glibc

/// Wakes an `EventPump` from any thread: pushes a wake-up event into SDL's queue (which ends SDL's
/// own wait in a window) and writes to a self-pipe (which ends the headless wait). It owns the pipe,
/// so it stays valid for as long as anyone holds it.
package final class EventWaker: @unchecked Sendable {
  let readDescriptor: CInt
  let writeDescriptor: CInt
  private let eventType: UInt32

  init(eventType: UInt32) throws {
    var descriptors: [CInt] = [-1, -1]
    guard intermission_make_wake_pipe(&descriptors) == 0 else {
      throw SDLError(function: "pipe2", message: "cannot create the wake-up pipe: \(String(cString: strerror(errno)))")
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
    self.eventType = eventType
  }

  deinit {
    close(readDescriptor)
    close(writeDescriptor)
  }

  /// Wakes the pump. Thread-safe: `SDL_PushEvent` and `write(2)` both are.
  package func wake() {
    var event = SDL_Event()
    event.type = eventType
    SDL_PushEvent(&event)
    intermission_wake(writeDescriptor)
  }
}
