import CSDLMixer
import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import IntermissionTestSupport
import MenuGame
import Synchronization
import Testing

/// The pause's silence by buffer count, not by the clock: the mixer's own buffers are counted as it
/// hands them to the device, and the director's hold and pause (the events either side of the
/// audio's pause) each read the count. The first silent buffer must lie between those two counts,
/// and the first buffer with sound again between the counts either side of the resume: no
/// tolerance, however late any thread runs.
@Suite("Audio, by buffer count", .serialized, .sdlSession)
struct AudioBufferTests {
  /// Every buffer the mixer mixed, counted on its thread, with whether each was silent (up to
  /// `capacity`; nothing is allocated on the mixer's thread).
  final class BufferLog: Sendable {
    static let capacity = 4096
    let count = Atomic<Int>(0)
    nonisolated(unsafe) let silent = UnsafeMutablePointer<Bool>.allocate(capacity: BufferLog.capacity)

    deinit { silent.deallocate() }

    func mixed(_ samples: UnsafeBufferPointer<Int16>) {
      let index = count.load(ordering: .relaxed)
      if index < BufferLog.capacity {
        silent[index] = samples.allSatisfy { abs(Int32($0)) <= Int32(AudioLevels.silence) }
      }
      count.store(index + 1, ordering: .releasing)
    }

    /// The silence flags of the buffers counted so far.
    var flags: [Bool] {
      Array(UnsafeBufferPointer(start: silent, count: min(count.load(ordering: .acquiring), Self.capacity)))
    }
  }

  /// Each way the game is held while its music plays: the player's pause, a minimised window, the
  /// banner's in-app view, and the Bonus's video ad (played to its end on the real clock, its sound
  /// on a device of its own). The Bonus button's centre is (480, 252) at 960x640.
  static let holds: [(name: String, reason: PauseHolder, script: String, seconds: Double)] = [
    ("the player's pause", .user, "1.0 key P\n1.6 key P\n", 2.5),
    ("a minimised window", .window, "1.0 minimize\n1.6 restore\n", 2.5),
    ("the in-app view", .ad, "1.5 click 480 595\n2.1 key Escape\n", 2.8),
    ("a video ad", .ad, "1.0 click 480 252\n2.0 key Return\n15.5 key Escape\n", 16.5),
  ]

  /// Runs the demo in process on the real clock for `seconds` with `script`, and counts the mixer's
  /// buffers. SDL's dummy driver takes the sound a buffer's time at a time, as a sound card does
  /// (set for the process as the other in-process tests set it, and the program runner for its
  /// children: no file, and nothing in the environment that other tests' programs would inherit).
  /// `watch` is called with the host and a function that reads the count.
  func run(
    _ name: String, script: String, seconds: Double, watch: (IntermissionHost.Host, @escaping () -> Int) -> Void
  ) throws -> [Bool] {
    setenv("SDL_AUDIODRIVER", "dummy", 0)
    var options = HostConfiguration()
    options.headless = true
    options.seconds = seconds
    options.noBeacons = true  // nothing of the developer's own queue (under $XDG_DATA_HOME) is sent
    let host = try Host(
      configuration: options, script: try ReplayScript.parse(script, file: name), fontPath: BackendFixtures.font,
      trace: Trace(output: nil), adManifest: ShippedManifest.path,
      audioFolder: ProgramRunner.root.appendingPathComponent("Assets/audio").path,
      firstScene: { MenuScene(settings: GameSettings()) })
    try #require(host.audio != nil, "the dummy driver's device opened")
    let log = BufferLog()
    intermission_mix_set_post_mix(
      { user, stream, length in
        guard let user, let stream else { return }
        let samples = UnsafeRawPointer(stream).assumingMemoryBound(to: Int16.self)
        Unmanaged<BufferLog>.fromOpaque(user).takeUnretainedValue().mixed(
          UnsafeBufferPointer(start: samples, count: Int(length) / 2))
      }, Unmanaged.passUnretained(log).toOpaque())
    defer { intermission_mix_set_post_mix(nil, nil) }
    watch(host) { log.count.load(ordering: .acquiring) }
    try host.run()
    host.frameObserver = nil  // the observer may hold the host
    intermission_mix_set_post_mix(nil, nil)
    return log.flags
  }

  /// The one run of silent buffers after the music started in `flags`, checked to lie in `from` and
  /// end in `to` (buffer counts).
  func expectOneSilence(
    _ flags: [Bool], from: ClosedRange<Int>, to: ClosedRange<Int>, _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let start = try #require(flags.firstIndex(of: false), "the music played", sourceLocation: sourceLocation)
    #expect(start < from.lowerBound, "the music started before \(name)", sourceLocation: sourceLocation)
    let silenceStart = try #require(
      flags[start...].firstIndex(of: true), "\(name): a silence", sourceLocation: sourceLocation)
    let silenceEnd = try #require(
      flags[silenceStart...].firstIndex(of: false), "\(name): sound after the silence", sourceLocation: sourceLocation)
    #expect(
      from.contains(silenceStart), "\(name): silent from buffer \(silenceStart), not in \(from)",
      sourceLocation: sourceLocation)
    #expect(
      to.contains(silenceEnd), "\(name): sound from buffer \(silenceEnd), not in \(to)", sourceLocation: sourceLocation)
    #expect(
      !flags[silenceEnd...].dropLast(AudioLevels.closingBuffers).contains(true), "\(name): one silence",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: holds.indices)
  func aHoldIsSilentFromTheBufferMixedAfterItToTheOneAfterItsRelease(hold: Int) throws {
    let (name, reason, script, seconds) = Self.holds[hold]
    // Buffers counted at each event: the hold and the release come before the audio's pause and
    // resume, the paused and resumed events after them.
    let marks = Mutex<[String: Int]>([:])
    let flags = try run(name, script: script, seconds: seconds) { host, count in
      let traced = host.director.eventHandler
      host.director.eventHandler = { event in
        traced?(event)
        let name: String? =
          switch event {
          case .held(let holder) where holder == reason: "held"
          case .paused(let holder) where holder == reason: "paused"
          case .released(let holder) where holder == reason: "released"
          case .resumed(let holder) where holder == reason: "resumed"
          default: nil
          }
        if let name { marks.withLock { $0[name] = $0[name] ?? count() } }
      }
    }
    let at = marks.withLock { $0 }
    let held = try #require(at["held"], "\(name) held the game"), paused = try #require(at["paused"])
    let released = try #require(at["released"]), resumed = try #require(at["resumed"])
    try expectOneSilence(flags, from: held...paused, to: released...resumed, name)
  }

  /// The Sound setting mutes the music (it is no pause): silent from a buffer mixed in the frame of
  /// the click, to one mixed in the frame of the second click. A frame's buffer count is read after
  /// its input and update (`frameObserver`).
  @Test func theSoundSettingIsSilentFromTheFrameOfItsClickToTheFrameOfTheNext() throws {
    let sound = MenuScene.buttonFrame(
      .sound, in: Size(width: 960, height: 640), bottomInset: AdBanner.height(forWidth: 960))
    let click = "click \(Int(sound.midX)) \(Int(sound.midY))"
    // The count at the end of each frame, and of the frames whose input held each click.
    let frames = Mutex<[(time: Double, count: Int)]>([])
    let flags = try run("the Sound setting", script: "1.0 \(click)\n1.6 \(click)\n", seconds: 2.5) { host, count in
      host.frameObserver = { time, _ in frames.withLock { $0.append((time, count())) } }
    }
    let ends = frames.withLock { $0 }
    func bracket(_ time: Double) throws -> ClosedRange<Int> {
      let frame = try #require(ends.firstIndex { $0.time >= time }, "a frame at \(time) s")
      try #require(frame > 0)
      return ends[frame - 1].count...ends[frame].count
    }
    try expectOneSilence(flags, from: try bracket(1.0), to: try bracket(1.6), "the Sound setting")
  }
}
