import CSDL2
import IntermissionCore

/// Video ads' sound through SDL: each show opens an audio device of its own
/// (`SDL_OpenAudioDevice`), apart from whatever the game plays its sound on, and closes it at the
/// show's end. SDL's audio subsystem is started for the device and ended after it (SDL counts
/// them), so a game without sound still hears its video ads.
///
/// Closing a device waits for its audio thread to wake (a buffer's time, tens of milliseconds), so
/// a dismissed show's device is silenced at once and closed on a thread of its own, never on the
/// game's loop. The next device opened, and the output's end, wait for that close first; the
/// audio subsystem is ended on the loop's thread then.
///
/// `INTERMISSION_VIDEO_AUDIO_DEVICE` names the device (as `SDL_GetAudioDeviceName` lists them, or,
/// with SDL's disk driver, the file the ads' sound is written to); the default device otherwise.
public final class SDLVideoSound: VideoSoundOutput {
  /// The environment variable that names the ads' audio device.
  public static let deviceVariable = "INTERMISSION_VIDEO_AUDIO_DEVICE"
  /// The device opened for each show; nil is the default one.
  public let deviceName: String?

  /// Creates the output, on the device `deviceName` (nil: the default one).
  public init(deviceName: String? = nil) { self.deviceName = deviceName }

  /// Creates the output on the device that `environment`'s `INTERMISSION_VIDEO_AUDIO_DEVICE` names.
  public convenience init(environment: [String: String]) {
    self.init(deviceName: environment[SDLVideoSound.deviceVariable].flatMap { $0.isEmpty ? nil : $0 })
  }

  deinit { AudioDeviceCloser.finish() }

  public func openDevice(rate: Int, channels: Int) -> (any VideoSoundDevice)? {
    AudioDeviceCloser.finish()
    return try? SDLVideoSoundDevice(rate: rate, channels: channels, deviceName: deviceName)
  }
}

/// One show's open audio device, fed with `SDL_QueueAudio`; closed in `deinit` at the latest.
final class SDLVideoSoundDevice: VideoSoundDevice {
  private var device: SDL_AudioDeviceID = 0
  private let bytesPerSecond: Double
  /// The device's own buffer, played after it leaves the queue: the clock does not count it as
  /// heard until it has been.
  private let bufferSeconds: Double
  private var queuedBytes = 0.0
  private var ownsSubsystem = false

  init(rate: Int, channels: Int, deviceName: String?) throws {
    guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else { throw SDLError("SDL_InitSubSystem") }
    ownsSubsystem = true
    var wanted = SDL_AudioSpec()
    wanted.freq = CInt(rate)
    wanted.format = intermission_audio_f32()
    wanted.channels = UInt8(channels)
    wanted.samples = 1024
    var obtained = SDL_AudioSpec()
    device = SDL_OpenAudioDevice(deviceName, 0, &wanted, &obtained, 0)
    guard device != 0 else {
      let error = SDLError("SDL_OpenAudioDevice")
      SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
      ownsSubsystem = false
      throw error
    }
    bytesPerSecond = Double(rate * channels * MemoryLayout<Float>.size)
    bufferSeconds = Double(obtained.samples) / Double(max(1, obtained.freq))
  }

  deinit { close() }

  func queue(_ samples: [Float]) {
    guard device != 0, !samples.isEmpty else { return }
    let bytes = samples.count * MemoryLayout<Float>.size
    let queued = samples.withUnsafeBytes { SDL_QueueAudio(device, $0.baseAddress, UInt32(bytes)) }
    if queued == 0 { queuedBytes += Double(bytes) }
  }

  var playedSeconds: Double {
    guard device != 0 else { return 0 }
    let waiting = Double(SDL_GetQueuedAudioSize(device))
    return max(0, (queuedBytes - waiting) / bytesPerSecond - bufferSeconds)
  }

  var queuedSeconds: Double {
    guard device != 0 else { return 0 }
    return Double(SDL_GetQueuedAudioSize(device)) / bytesPerSecond
  }

  func silenceQueued() {
    guard device != 0 else { return }
    let waiting = Int(SDL_GetQueuedAudioSize(device))
    SDL_ClearQueuedAudio(device)
    let silence = [UInt8](repeating: 0, count: waiting)
    let queued = silence.withUnsafeBytes { SDL_QueueAudio(device, $0.baseAddress, UInt32(waiting)) }
    if queued != 0 { queuedBytes -= Double(waiting) }
  }

  func setPaused(_ paused: Bool) {
    if device != 0 { SDL_PauseAudioDevice(device, paused ? 1 : 0) }
  }

  /// Silences the device at once; it closes on a thread of its own (`AudioDeviceCloser`).
  func close() {
    let open = SDL_WasInit(UInt32(SDL_INIT_AUDIO)) != 0 ? device : 0
    AudioDeviceCloser.close(open, endsSubsystem: ownsSubsystem)
    device = 0
    ownsSubsystem = false
  }
}
