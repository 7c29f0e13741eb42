import CSDL2
import Glibc
import IntermissionCore

/// Closes video ads' audio devices off the game's loop. `SDL_CloseAudioDevice` waits for the
/// device's thread to wake, up to a buffer's time (tens of milliseconds: a stalled frame at every
/// dismissal), so a device is silenced at once and closed by one closing thread, started at the
/// first close and kept for the process (a thread ending now and then would race a `fork` of the
/// browser's launch, which ThreadSanitizer's runtime does not survive).
///
/// Devices are opened on that thread too (`open(_:)`), after every close handed over before: the
/// loop never waits for a close, and a device is never opened while another closes. The closes are
/// waited for before SDL ends (`SDLSystem`) and when the output ends, and the audio subsystem
/// starts that the closed devices held are ended then, on the caller's thread: SDL's subsystem
/// counts are never changed from two threads at once.
enum AudioDeviceCloser {
  /// Guards the state below, and tells the closing thread of a device and `finish()` of a close.
  private static let condition = Condition()
  /// The opens and closes handed over, in order.
  nonisolated(unsafe) private static var devices: [() -> Void] = []
  nonisolated(unsafe) private static var closing = 0
  nonisolated(unsafe) private static var subsystemsToEnd = 0
  nonisolated(unsafe) private static var hasThread = false

  /// Pauses `device` (0: none) and hands it to the closing thread, or closes it here if the thread
  /// cannot start; the audio subsystem start it held, if `endsSubsystem`, ends at `finish()`.
  static func close(_ device: SDL_AudioDeviceID, endsSubsystem: Bool) {
    condition.withLock { if endsSubsystem { subsystemsToEnd += 1 } }
    guard device != 0 else { return }
    SDL_PauseAudioDevice(device, 1)
    perform { SDL_CloseAudioDevice(device) }
  }

  /// Counts an audio subsystem start to end at `finish()`.
  static func endSubsystemAtFinish() { condition.withLock { subsystemsToEnd += 1 } }

  /// Runs `job` (an `SDL_OpenAudioDevice`, or the close of a device opened so) on the closing
  /// thread, after everything handed over before it, or here if the thread cannot start.
  static func perform(_ job: @escaping () -> Void) {
    guard startThread() else {
      job()
      return
    }
    condition.withLock {
      devices.append(job)
      condition.broadcast()
    }
  }

  /// Waits for the devices handed over to be closed, then ends the audio subsystem starts they held.
  static func finish() {
    let subsystems = condition.withLock {
      while !devices.isEmpty || closing > 0 { condition.wait() }
      defer { subsystemsToEnd = 0 }
      return subsystemsToEnd
    }
    for _ in 0..<subsystems where SDL_WasInit(UInt32(SDL_INIT_AUDIO)) != 0 {
      SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
    }
  }

  /// Starts the closing thread unless it runs; false when it cannot start.
  private static func startThread() -> Bool {
    condition.withLock {
      guard !hasThread else { return true }
      var thread = pthread_t()
      guard pthread_create(&thread, nil, { _ in AudioDeviceCloser.closeForever() }, nil) == 0 else { return false }
      pthread_detach(thread)
      hasThread = true
      return true
    }
  }

  private static func closeForever() -> Never {
    while true {
      let job = condition.withLock {
        while devices.isEmpty { condition.wait() }
        closing += 1
        return devices.removeFirst()
      }
      job()
      condition.withLock {
        closing -= 1
        condition.broadcast()
      }
    }
  }
}
