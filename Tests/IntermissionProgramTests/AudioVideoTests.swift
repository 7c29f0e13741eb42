import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionTestSupport
import MenuGame
import Testing

extension AudioTests {
  /// The demo's Bonus plays its house video on the real clock, its sound on a device of its own
  /// (SDL's disk driver writes each device to a file: the game's to `audio.raw`, the ad's to the
  /// file `INTERMISSION_VIDEO_AUDIO_DEVICE` names): the ad's tune is in the ad's file while the
  /// video plays, and the game's music is silent from the ad's first frame to its dismissal, then
  /// goes on where it stopped.
  @Test func aVideoAdsSoundPlaysOnItsOwnDeviceWhileTheGamesMusicIsHeld() throws {
    let runner = try ProgramRunner()
    let bonus = MenuScene.buttonFrame(
      .bonus, in: Size(width: 960, height: 640), bottomInset: AdBanner.height(forWidth: 960))
    let capture = try record(
      // The 10 s video starts about 2 s in and ends about 12 s in; Escape comes well after, so that a
      // machine slow to decode still sees it end.
      "1.0 click \(Int(bonus.midX)) \(Int(bonus.midY))\n2.0 key Return\n15.5 key Escape\n", seconds: 16.5,
      runner: runner, environment: ["INTERMISSION_VIDEO_AUDIO_DEVICE": runner.path("ad.raw")])
    let started = try #require(capture.time(of: "video.started", "\"format\""), "\(capture.trace)")
    let completed = try #require(capture.time(of: "video.completed", "\"format\""), "\(capture.trace)")
    let paused = try #require(capture.time(of: "game.paused", "\"reason\":\"ad\""))
    let resumed = try #require(capture.time(of: "game.resumed", "\"reason\":\"ad\""))
    // It ended by itself, between its start and the dismissal. (Its length to the frame is checked
    // on the fixed step: DemoFullscreenTests, 600 frames from video.started to video.completed.)
    #expect(started < completed && completed < resumed, "started at \(started) s, completed at \(completed) s")
    // Where the silence falls, by buffer count: AudioBufferTests ("a video ad").
    try expectOneSilence(in: capture, clicksBefore: true)

    // The ad's device: 48 kHz stereo float, opened at the show and closed at its dismissal.
    let raw = try Data(contentsOf: URL(fileURLWithPath: runner.path("ad.raw")))
    let left = raw.withUnsafeBytes { buffer in
      stride(from: 0, to: buffer.count - 7, by: 8).map { buffer.loadUnaligned(fromByteOffset: $0, as: Float.self) }
    }
    let seconds = Double(left.count) / 48_000
    #expect(seconds > 9 && seconds < resumed - paused + 1, "the ad's device lived \(seconds) s")
    // Its tune sounds through the video: every tenth of a second of its first 9 s has sound.
    let tenths = (0..<90).map { tenth in
      left[tenth * 4800..<min(left.count, (tenth + 1) * 4800)].map { $0 * $0 }.reduce(0, +) / 4800
    }
    let loud = tenths.filter { $0.squareRoot() > 0.02 }.count
    #expect(loud >= 85, "\(loud) of 90 tenths of a second with the ad's sound")
    #expect(left.allSatisfy { abs($0) <= 1 }, "no clipping")
  }
}
