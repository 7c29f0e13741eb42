import CSDL2
import Glibc
import IntermissionBasics
import IntermissionCore

/// Video ads' sound through SDL: each show opens an audio device of its own
/// (`SDL_OpenAudioDevice`), apart from whatever the game plays its sound on, and closes it at the
/// show's end. SDL's audio subsystem is started once, when the output is made (at set-up, on the
/// game's thread), and ended with it (SDL counts starts), so a game without sound still hears its
/// video ads and no show starts the audio driver in a frame. (SDL 2.26 does not say that
/// `SDL_InitSubSystem` may be called off the main thread, and its counts are not locked: it is
/// not called on the closing thread.)
///
/// Closing a device waits for its audio thread to wake (a buffer's time, tens of milliseconds), so
/// a dismissed show's device is silenced at once and closed on a thread of its own, never on the
/// game's loop; the next device is opened on that thread too, after the close, so the loop waits
/// for neither. The output's end waits for them; the audio subsystem is ended on the loop's thread
/// then.
///
/// `INTERMISSION_VIDEO_AUDIO_DEVICE` names the device (as `SDL_GetAudioDeviceName` lists them, or,
/// with SDL's disk driver, the file the ads' sound is written to); the default device otherwise.
package final class SDLVideoSound: VideoSoundOutput {
  /// The environment variable that names the ads' audio device.
  package static let deviceVariable = "INTERMISSION_VIDEO_AUDIO_DEVICE"
  /// The device opened for each show; nil is the default one.
  package let deviceName: String?

  /// The audio subsystem start this output holds, as `AudioDeviceCloser` counted it; nil when SDL's
  /// audio did not start (then every video plays silent).
  private let audioStart: AudioDeviceCloser.SubsystemStart?

  /// Creates the output, on the device `deviceName` (nil: the default one), and starts SDL's audio
  /// subsystem for it here, at set-up.
  package init(deviceName: String? = nil) {
    self.deviceName = deviceName
    audioStart = AudioDeviceCloser.startSubsystem()
  }

  /// Creates the output on the device that `environment`'s `INTERMISSION_VIDEO_AUDIO_DEVICE` names.
  package convenience init(environment: [String: String]) {
    self.init(deviceName: environment[SDLVideoSound.deviceVariable].flatMap { $0.isEmpty ? nil : $0 })
  }

  deinit {
    AudioDeviceCloser.finish()
    if let audioStart { AudioDeviceCloser.endSubsystem(audioStart) }
  }

  /// A device for one show: its open is handed to the closing thread, after the last show's close,
  /// so neither is waited for here (on the game's loop); nil when SDL's audio did not start.
  package func openDevice(rate: Int, channels: Int) -> (any VideoSoundDevice)? {
    guard audioStart != nil else { return nil }
    return SDLVideoSoundDevice(rate: rate, channels: channels, deviceName: deviceName)
  }

  /// How many times video sound started SDL's audio subsystem in this process (for tests).
  package static var audioSubsystemStarts: Int { AudioDeviceCloser.subsystemStarts }

  /// Whether SDL's audio subsystem runs (for tests).
  package static var isAudioRunning: Bool { SDL_WasInit(UInt32(SDL_INIT_AUDIO)) != 0 }

  /// Waits until every device handed to the closing thread was opened or closed (for tests).
  package func finishOpeningAndClosing() { AudioDeviceCloser.finish() }

  /// The thread that opened the last device (for tests).
  package static var lastOpeningThread: pthread_t? { SDLVideoSoundDevice.openingThread.withLock { $0 } }
}

/// One show's audio device, fed with `SDL_QueueAudio`; closed in `deinit` at the latest. It is
/// opened on the closing thread (`AudioDeviceCloser`), after the last show's device closed there:
/// the loop never waits for either. Until it is open, the sound queued waits here (at most the
/// 2 s the decoder runs ahead), and the device counts as playing nothing (the show follows the
/// host's clock); a device that does not open plays nothing, and the video plays silent.
final class SDLVideoSoundDevice: VideoSoundDevice {
  /// The device as the closing thread opened it: nil until it tried, then its id (0 when it did not
  /// open) and the seconds of its own buffer.
  private let opened = Locked<(device: SDL_AudioDeviceID, bufferSeconds: Double)?>(nil)
  private var device: SDL_AudioDeviceID = 0
  private var isOpenKnown = false
  private var isClosed = false
  private var pending: [Float] = []
  private var isPaused = true
  private let bytesPerSecond: Double
  /// The device's own buffer, played after it leaves the queue: the clock does not count it as
  /// heard until it has been.
  private var bufferSeconds = 0.0
  private var queuedBytes = 0.0
  /// The thread that opened the last device (for tests: never the one that asked).
  package static let openingThread = Locked<pthread_t?>(nil)

  init(rate: Int, channels: Int, deviceName: String?) {
    bytesPerSecond = Double(rate * channels * MemoryLayout<Float>.size)
    let opened = self.opened
    AudioDeviceCloser.perform {
      var wanted = SDL_AudioSpec()
      wanted.freq = CInt(rate)
      wanted.format = intermission_audio_f32()
      wanted.channels = UInt8(channels)
      wanted.samples = 1024
      var obtained = SDL_AudioSpec()
      let device = SDL_OpenAudioDevice(deviceName, 0, &wanted, &obtained, 0)
      SDLVideoSoundDevice.openingThread.withLock { $0 = pthread_self() }
      opened.withLock { $0 = (device, Double(obtained.samples) / Double(max(1, obtained.freq))) }
    }
  }

  deinit { close() }

  /// The device, once the closing thread opened it (0 before, or when it did not open); the sound
  /// waiting for it is queued, and its pause applied, when it is first seen open.
  private func openDevice() -> SDL_AudioDeviceID {
    guard !isOpenKnown, !isClosed else { return device }
    guard let (device, buffer) = opened.withLock({ $0 }) else { return 0 }
    isOpenKnown = true
    self.device = device
    bufferSeconds = buffer
    if device != 0 {
      SDL_PauseAudioDevice(device, isPaused ? 1 : 0)
      queueNow(pending)
    }
    pending = []
    return device
  }

  func queue(_ samples: [Float]) {
    guard !samples.isEmpty, !isClosed else { return }
    if openDevice() != 0 {
      queueNow(samples)
    } else if !isOpenKnown {
      pending.append(contentsOf: samples)
    }
  }

  private func queueNow(_ samples: [Float]) {
    guard !samples.isEmpty else { return }
    let bytes = samples.count * MemoryLayout<Float>.size
    let queued = samples.withUnsafeBytes { SDL_QueueAudio(device, $0.baseAddress, UInt32(bytes)) }
    if queued == 0 { queuedBytes += Double(bytes) }
  }

  var playedSeconds: Double {
    guard openDevice() != 0 else { return 0 }
    let waiting = Double(SDL_GetQueuedAudioSize(device))
    return max(0, (queuedBytes - waiting) / bytesPerSecond - bufferSeconds)
  }

  var queuedSeconds: Double {
    guard openDevice() != 0 else { return 0 }
    return Double(SDL_GetQueuedAudioSize(device)) / bytesPerSecond
  }

  func silenceQueued() {
    guard openDevice() != 0 else {
      for index in pending.indices { pending[index] = 0 }
      return
    }
    let waiting = Int(SDL_GetQueuedAudioSize(device))
    SDL_ClearQueuedAudio(device)
    let silence = [UInt8](repeating: 0, count: waiting)
    let queued = silence.withUnsafeBytes { SDL_QueueAudio(device, $0.baseAddress, UInt32(waiting)) }
    if queued != 0 { queuedBytes -= Double(waiting) }
  }

  func setPaused(_ paused: Bool) {
    isPaused = paused
    if openDevice() != 0 { SDL_PauseAudioDevice(device, paused ? 1 : 0) }
  }

  /// Silences the device at once; it closes on the closing thread (`AudioDeviceCloser`), after its
  /// open if that has not happened yet.
  func close() {
    guard !isClosed else { return }
    let known = openDevice()
    isClosed = true
    pending = []
    if SDL_WasInit(UInt32(SDL_INIT_AUDIO)) == 0 { return }
    if isOpenKnown {
      AudioDeviceCloser.close(known)
    } else {
      let opened = self.opened
      AudioDeviceCloser.perform {
        guard let device = opened.withLock({ $0 })?.device, device != 0 else { return }
        SDL_PauseAudioDevice(device, 1)
        SDL_CloseAudioDevice(device)
      }
    }
    device = 0
  }
}
