import Glibc
import IntermissionSDL
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
}
