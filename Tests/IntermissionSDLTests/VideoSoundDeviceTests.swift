import Glibc
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// A video ad's audio device, opened and closed off the game's loop.
@Suite("Video sound devices", .serialized, .sdlSession)
struct VideoSoundDeviceTests {
  /// Opening a show's device only hands the open to the closing thread (after the last show's
  /// close, which the caller does not wait for either); the sound queued before it is open plays
  /// once it is.
  @Test func aDeviceOpensOnAnotherThreadAndKeepsTheSoundQueuedBeforeThen() throws {
    setenv("SDL_AUDIODRIVER", "dummy", 0)
    let output = SDLVideoSound()
    let first = try #require(output.openDevice(rate: 48_000, channels: 2))
    // 4800 sample frames of stereo: 0.1 s, queued at once, whether the device is open yet or not.
    first.queue([Float](repeating: 0.25, count: 9600))
    output.finishOpeningAndClosing()
    let opener = try #require(SDLVideoSound.lastOpeningThread)
    #expect(pthread_equal(opener, pthread_self()) == 0, "opened on another thread than the caller's")
    #expect(first.queuedSeconds == 0.1, "paused: everything queued is still there")
    first.close()
    let second = try #require(output.openDevice(rate: 48_000, channels: 2))
    output.finishOpeningAndClosing()
    #expect(second.queuedSeconds == 0)
    second.close()
    output.finishOpeningAndClosing()
  }

  /// SDL's audio subsystem starts once, when the output is made (at set-up), and ends with it: the
  /// shows, on the game's loop, never start it (a game without sound of its own would start its
  /// audio driver in the first video's frame).
  @Test func theAudioSubsystemStartsAtSetUpAndNoShowStartsIt() throws {
    setenv("SDL_AUDIODRIVER", "dummy", 0)
    try #require(!SDLVideoSound.isAudioRunning, "no SDL audio in this session yet")
    let before = SDLVideoSound.audioSubsystemStarts
    do {
      let output = SDLVideoSound()
      #expect(SDLVideoSound.isAudioRunning, "started at set-up, before any show")
      #expect(SDLVideoSound.audioSubsystemStarts == before + 1)
      for _ in 0..<3 {
        let device = try #require(output.openDevice(rate: 48_000, channels: 2))
        device.queue([Float](repeating: 0.25, count: 960))
        device.close()
      }
      output.finishOpeningAndClosing()
      #expect(SDLVideoSound.audioSubsystemStarts == before + 1, "three shows started nothing")
      withExtendedLifetime(output) { #expect(SDLVideoSound.isAudioRunning) }
    }
    #expect(!SDLVideoSound.isAudioRunning, "ended with the output")
  }
}
