import Glibc
import IntermissionCore
import IntermissionTestSupport
import IntermissionVideo
import Testing

/// The playback of one video, apart from any show: the audio device as the master clock, the host's
/// clock without one, pauses, mute, and a device that stands still.
@Suite("Video player")
struct VideoPlayerTests {
  /// A device whose clock the test moves, recording what it was given.
  final class SteeredDevice: VideoSoundDevice {
    var playedSeconds = 0.0
    var queuedSeconds: Double { Double(queuedSamples) / 96_000 - playedSeconds }
    private(set) var queuedSamples = 0
    private(set) var silenced = 0
    private(set) var pauses: [Bool] = []
    private(set) var isClosed = false
    private(set) var lastChunkWasSilent = false

    func queue(_ samples: [Float]) {
      queuedSamples += samples.count
      lastChunkWasSilent = samples.allSatisfy { $0 == 0 }
    }
    func silenceQueued() { silenced += 1 }
    func setPaused(_ paused: Bool) { pauses.append(paused) }
    func close() { isClosed = true }
  }

  static func player(device: SteeredDevice?, followsHostClock: Bool = false) throws -> VideoPlayer {
    let frames = VideoFrameQueue(
      opening: try GeneratedMedia.path("steps.mp4"), audioChannels: device == nil ? 0 : 2)
    return VideoPlayer(frames: frames, device: device, followsHostClock: followsHostClock)
  }

  /// Asks a real-time player for its first picture until it is decoded, for at most 5 s.
  static func waitForFirstPicture(_ player: VideoPlayer) throws {
    for _ in 0..<500 {
      if player.opening(at: 0) == .ready { return }
      usleep(10_000)
    }
    throw PlayerError.noFirstPicture
  }

  enum PlayerError: Error { case noFirstPicture, noSound }

  @Test func onTheHostsClockThePlayheadIsTheTimeTheHostAdvancedAndOnlyWhilePlaying() throws {
    let player = try Self.player(device: nil, followsHostClock: true)
    defer { player.stop() }
    #expect(player.opening(at: 0) == .ready)
    #expect(player.advance(to: 0.5) == 0, "not started: the playhead stands")
    player.start(at: 1)
    #expect(player.advance(to: 1.5) == 0.5)
    #expect(abs(player.playhead - 0.5) < 1e-9)
    #expect(player.pause(.click))
    #expect(!player.pause(.window), "paused already")
    #expect(player.advance(to: 2.5) == 0 && abs(player.playhead - 0.5) < 1e-9, "a pause stops it")
    #expect(!player.resume(.window), "not paused for that")
    #expect(player.resume(.click))
    _ = player.advance(to: 3)
    #expect(abs(player.playhead - 1) < 1e-9)
    let frame = try #require(player.frameDue())
    #expect(abs(frame.time - 1) < 1.0 / 30 + 1e-9)
  }

  /// Plays on in steps of 5 ms of host time, 10 ms of real time apart (the decoder needs its
  /// frames taken to go on), the device playing 5 ms of what it holds at each, until the sound it
  /// holds reaches `ahead` seconds past the playhead, for at most 5 s; returns the host time reached.
  static func playUntilSound(
    _ player: VideoPlayer, _ device: SteeredDevice, ahead: Double, from start: Double = 0
  ) throws -> Double {
    var time = start
    for _ in 0..<500 {
      time += 0.005
      device.playedSeconds = min(Double(device.queuedSamples) / 96_000, device.playedSeconds + 0.005)
      _ = player.advance(to: time)
      _ = player.frameDue()
      // The queued sound ends where it started plus what was queued (it may start past 0).
      if let heard = player.heardTime,
        heard - device.playedSeconds + Double(device.queuedSamples) / 96_000 >= player.playhead + ahead
      {
        return time
      }
      usleep(10_000)
    }
    throw PlayerError.noSound
  }

  @Test func onTheRealClockTheDeviceIsTheMasterAndADeviceThatStandsStillIsDropped() throws {
    let device = SteeredDevice()
    let player = try Self.player(device: device)
    defer { player.stop() }
    try Self.waitForFirstPicture(player)
    player.start(at: 0)
    #expect(device.pauses == [false], "the device plays from the start")
    var time = try Self.playUntilSound(player, device, ahead: 0.15)
    #expect(!device.isClosed, "a device that plays is kept")
    // The device plays on to a tenth of a second past the playhead at once: the playhead is the
    // device's (where its sound started, plus what it played), not the host's, which moves 5 ms.
    let before = player.playhead
    let soundStart = try #require(player.heardTime) - device.playedSeconds
    device.playedSeconds = before - soundStart + 0.1
    time += 0.005
    _ = player.advance(to: time)
    let heard = try #require(player.heardTime)
    #expect(player.playhead == heard && abs(heard - before - 0.1) < 1e-9, "\(player.playhead), \(before)")
    // The device stops playing: after half a second of host time standing still, the host's
    // clock takes over.
    for _ in 0..<60 {
      time += 0.01
      _ = player.advance(to: time)
    }
    #expect(device.isClosed, "a device that stands still is dropped")
    let dropped = player.playhead
    _ = player.advance(to: time + 0.5)
    #expect(abs(player.playhead - dropped - 0.5) < 1e-9, "then the host's clock moves it")
  }

  @Test func muteSilencesWhatIsQueuedAndWhatComesAndCompletionPausesTheDevice() throws {
    let device = SteeredDevice()
    let player = try Self.player(device: device)
    defer { player.stop() }
    try Self.waitForFirstPicture(player)
    player.start(at: 0)
    player.setMuted(true)
    #expect(device.silenced == 1 && player.isMuted)
    let time = try Self.playUntilSound(player, device, ahead: 0.05)
    #expect(device.lastChunkWasSilent, "muted sound is queued as silence")
    player.setMuted(false)
    let muted = device.queuedSamples
    for _ in 0..<500 where device.queuedSamples == muted {
      _ = try Self.playUntilSound(player, device, ahead: 0, from: time)
      usleep(10_000)
    }
    #expect(device.queuedSamples > muted && !device.lastChunkWasSilent, "unmuted, the sound comes again")
    player.complete()
    #expect(player.isCompleted && !player.isPlaying && device.pauses.last == true)
    player.stop()
    #expect(device.isClosed)
  }
}
