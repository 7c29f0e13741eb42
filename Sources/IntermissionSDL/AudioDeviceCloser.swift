import CSDL2
import Glibc
import IntermissionBasics
import IntermissionCore

/// Closes video ads' audio devices off the game's loop. `SDL_CloseAudioDevice` waits for the
/// device's thread to wake, up to a buffer's time (tens of milliseconds: a stalled frame at every
/// dismissal), so a device is silenced at once and closed by one closing thread, started at the
/// first close and kept for the process (a thread ending now and then would race a `fork` of the
/// browser's launch, which ThreadSanitizer's runtime does not survive).
///
/// Devices are opened on that thread too (`open(_:)`), after every close handed over before: the
/// loop never waits for a close, and a device is never opened while another closes. The closes are
/// waited for before SDL ends (`SDLSystem`) and when the output ends. The audio subsystem is
/// started and ended only on the thread that makes and ends the output (`startSubsystem()`,
/// `endSubsystem(_:)`), never on the closing thread: SDL's subsystem counts are never changed
/// from two threads at once.
enum AudioDeviceCloser {
  /// Guards the state below, and tells the closing thread of a device and `finish()` of a close.
  private static let condition = Condition()
  /// The opens and closes handed over, in order.
  nonisolated(unsafe) private static var devices: [() -> Void] = []
  nonisolated(unsafe) private static var closing = 0
  nonisolated(unsafe) private static var hasThread = false
  /// How many times SDL was ended by `SDLSystem`: a start made before then ended with it.
  nonisolated(unsafe) private static var sdlEnds = 0
  nonisolated(unsafe) private static var starts = 0

  /// An audio subsystem start that an output holds, made while SDL had ended `sdlEnds` times.
  struct SubsystemStart {
    fileprivate let sdlEnds: Int
  }

  /// Starts SDL's audio subsystem (`SDL_InitSubSystem`, counted by SDL) on the caller's thread.
  /// - Returns: the start to end with `endSubsystem(_:)`, or nil when the audio did not start.
  static func startSubsystem() -> SubsystemStart? {
    condition.withLock { starts += 1 }
    SDLThreadData.freeAtThreadExit()
    guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else { return nil }
    return SubsystemStart(sdlEnds: condition.withLock { sdlEnds })
  }

  /// Ends `start`, unless SDL ended (and so ended it) since.
  static func endSubsystem(_ start: SubsystemStart) {
    guard condition.withLock({ sdlEnds }) == start.sdlEnds, SDL_WasInit(UInt32(SDL_INIT_AUDIO)) != 0 else { return }
    SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
  }

  /// How many times `startSubsystem()` was called in this process.
  static var subsystemStarts: Int { condition.withLock { starts } }

  /// Waits for the devices handed over, then notes that SDL ends (`SDL_Quit` ends every audio
  /// subsystem start): called by `SDLSystem` just before its `SDL_Quit`.
  static func finishBeforeSDLEnds() {
    finish()
    condition.withLock { sdlEnds += 1 }
  }

  /// Pauses `device` (0: none) and hands it to the closing thread, or closes it here if the thread
  /// cannot start.
  static func close(_ device: SDL_AudioDeviceID) {
    guard device != 0 else { return }
    SDL_PauseAudioDevice(device, 1)
    perform { SDL_CloseAudioDevice(device) }
  }

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

  /// Waits for the devices handed over to be opened or closed.
  static func finish() {
    condition.withLock {
      while !devices.isEmpty || closing > 0 { condition.wait() }
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
