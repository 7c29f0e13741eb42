import CIntermissionSupport
import CSDL2
import CSDLMixer
import IntermissionBasics
import IntermissionCore

/// Music and effects through SDL_mixer on the default audio device (`SDL_AUDIODRIVER` chooses the
/// driver): `music.wav` looping, and one WAV per `SoundEffect` (`click.wav`, `catch.wav`).
///
/// Pausing pauses the music and every playing effect where they are, so that they go on from
/// there; muting sets the volumes to 0, so that the music goes on silently. The device runs at
/// 44.1 kHz, 16-bit stereo, in buffers of 1,024 sample frames (23 ms): a pause is heard within one
/// buffer.
package final class MixerAudio: AudioPlayer {
  /// Why there is no audio: no device (no sound card, a container), or a sound file that is missing
  /// or unreadable.
  package struct Unavailable: Error, CustomStringConvertible {
    /// What failed, with SDL's or the file system's reason.
    package let description: String
  }

  /// Sample frames per second.
  package static let frequency: Int32 = 44100
  /// Sample frames per buffer: the most a pause or a resume waits to be heard.
  package static let bufferFrames: Int32 = 1024
  /// The largest sound file read, in bytes.
  package static let maximumFileSize = 16 << 20

  private let music: UnsafeMutableRawPointer
  /// The music file's bytes, which SDL_mixer streams from while the music plays.
  private let musicBytes: UnsafeMutableRawBufferPointer
  private var effects: [SoundEffect: UnsafeMutableRawPointer] = [:]
  private var isPaused = false

  package var isMuted = false {
    didSet {
      let volume = isMuted ? 0 : intermission_mix_max_volume()
      intermission_mix_volume_music(volume)
      intermission_mix_volume(-1, volume)
    }
  }

  /// Opens the audio device and loads the sounds in `folder`.
  /// - Throws: `Unavailable` naming the device's or the file's problem; nothing stays open then.
  package init(folder: String) throws {
    // ALSA prints its own lines when there is no sound card, and SDL its own for the disk driver:
    // the caller reports the one line that matters.
    var loaderError = [CChar](repeating: 0, count: 256)
    guard intermission_mixer_load(&loaderError, loaderError.count) == 0 else {
      let reason = String(nulTerminated: loaderError)
      throw Unavailable(description: "SDL2_mixer cannot be loaded (\(reason))")
    }
    let saved = intermission_silence_stderr()
    let opened = SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0
    let reason = opened ? "" : String(cString: SDL_GetError())
    let mixing =
      opened
      && intermission_mix_open_audio(
        MixerAudio.frequency, intermission_mix_format_s16sys(), 2, MixerAudio.bufferFrames) == 0
    let mixReason = mixing || !opened ? "" : String(cString: SDL_GetError())
    intermission_restore_stderr(saved)
    guard opened else { throw Unavailable(description: "no audio device (\(reason))") }
    guard mixing else {
      SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
      throw Unavailable(description: "no audio device (\(mixReason))")
    }
    var loadedChunks: [SoundEffect: UnsafeMutableRawPointer] = [:]
    var bytes: UnsafeMutableRawBufferPointer?
    do {
      let musicFile = try MixerAudio.read(FilePath.join(folder, "music.wav"))
      let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: musicFile.count, alignment: 16)
      musicFile.withUnsafeBytes { copy.copyMemory(from: $0) }
      bytes = copy
      guard let rw = SDL_RWFromConstMem(copy.baseAddress, Int32(copy.count)),
        let loaded = intermission_mix_load_music(UnsafeMutableRawPointer(rw))
      else { throw Unavailable(description: "cannot decode \(folder)/music.wav (\(String(cString: SDL_GetError())))") }
      music = loaded
      for effect in SoundEffect.allCases {
        let name = FilePath.join(folder, effect.rawValue + ".wav")
        let file = try MixerAudio.read(name)
        let chunk = file.withUnsafeBytes { buffer in
          SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)).flatMap {
            intermission_mix_load_wav(UnsafeMutableRawPointer($0))
          }
        }
        guard let chunk else {
          throw Unavailable(description: "cannot decode \(name) (\(String(cString: SDL_GetError())))")
        }
        loadedChunks[effect] = chunk
      }
      musicBytes = copy
    } catch {
      for chunk in loadedChunks.values { intermission_mix_free_chunk(chunk) }
      bytes?.deallocate()
      intermission_mix_close_audio()
      SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
      throw error
    }
    effects = loadedChunks
  }

  deinit {
    intermission_mix_halt_channel(-1)
    intermission_mix_halt_music()
    intermission_mix_free_music(music)
    for chunk in effects.values { intermission_mix_free_chunk(chunk) }
    intermission_mix_close_audio()
    SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
    musicBytes.deallocate()
  }

  /// The bytes of the sound file at `path`: a readable regular file of at most `maximumFileSize`.
  private static func read(_ path: String) throws -> [UInt8] {
    do {
      return try RegularFile.read(path, limit: maximumFileSize)
    } catch {
      throw Unavailable(description: "cannot read \(PrintableText.escaping(path, limit: 200)): \(error)")
    }
  }

  // MARK: - AudioPlayer

  package func startMusic() {
    guard intermission_mix_playing_music() == 0 else { return }
    intermission_mix_play_music(music, -1)
    if isPaused { intermission_mix_pause_music() }
  }

  package func play(_ effect: SoundEffect) {
    guard !isPaused, let chunk = effects[effect] else { return }
    intermission_mix_play_channel(-1, chunk, 0)
  }

  package func setPaused(_ paused: Bool) {
    guard paused != isPaused else { return }
    isPaused = paused
    if paused {
      intermission_mix_pause_music()
      intermission_mix_pause(-1)
    } else {
      intermission_mix_resume_music()
      intermission_mix_resume(-1)
    }
  }
}
