import CAllocationCounter
import Foundation
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import IntermissionTestSupport
import MenuGame
import Testing

/// The frames of a playing video in an optimised build allocate nothing: SDL is global, so its
/// tests run one at a time in the SDL session.
@Suite("Video allocations", .serialized, .sdlSession)
struct VideoAllocationTests {
  /// Counts the trace's records, by the frame they came in, and notes when the video completed.
  final class EventTally: TraceOutput {
    var count = 0
    var completed = false
    var lastEvent = ""
    func write(line: String) { count += 1 }
    func write(line: String, event: String) {
      count += 1
      lastEvent = event
      if event == "video.completed" { completed = true }
    }
    var failure: String? { nil }
  }

  /// 300 frames of the demo's rewarded video playing, on the real clock as a game plays it (its
  /// sound on SDL's silent driver): the 290 frames that trace nothing and change no label allocate
  /// nothing on the game's thread, though each takes the next picture and the sound decoded, and
  /// asks which trackers are due. (A fixed step would run faster than the sound device plays,
  /// and SDL's queue would grow.)
  @Test(
    .enabled(if: BackendFixtures.isOptimized, "checked in release builds: swift test -c release"),
    .enabled(if: allocation_counter_is_available() == 1, "sanitizers own malloc: no counting there"))
  func steadyStateFrameAllocatesNothingWhileAVideoPlays() throws {
    var options = BackendFixtures.headlessOptions(frames: 2000)
    // The 20 s video plays from about 3 s on, at 30 frames a second (the loop runs a frame
    // when the picture changes): the run ends in the middle of it, by the real clock (a still end
    // card would let the loop wait, with no frame to count).
    options.fixedStep = false
    options.seconds = 16
    setenv("SDL_AUDIODRIVER", "dummy", 0)
    let manifest = try Self.longVideoAds()
    // The Bonus screen, then "Watch an ad for 50 coins": the rewarded video.
    let script = try ReplayScript.parse("1.0 click 480 252\n3.0 key Return\n", file: "bonus")
    let tally = EventTally()
    // No beacon queue: its delivery attempts (a frame of work every few seconds, then traced) are
    // not the video's, and the still ads' test counts them.
    options.noBeacons = true
    let host = try Host(
      configuration: options, script: script, fontPath: BackendFixtures.font, trace: Trace(output: tally),
      adManifest: manifest, audioFolder: nil, firstScene: { MenuScene(settings: GameSettings()) })
    var shownFrames = 0
    var begun = 0
    var isCounting = false
    var completedWhileCounting = false
    var quietFrames: [UInt64] = []
    quietFrames.reserveCapacity(300)
    var events = 0
    var rasterised = 0
    var textFrames = 0
    var tracedFrames: [String] = []
    host.frameObserver = { _, _ in
      if isCounting {
        let allocations = allocation_counter_end()
        if host.canvas.rasterisedTextCount != rasterised { textFrames += 1 }
        if tally.count != events {
          tracedFrames.append(tally.lastEvent)
        } else if host.canvas.rasterisedTextCount == rasterised {
          quietFrames.append(allocations)
        }
        if tally.completed { completedWhileCounting = true }
      }
      if host.adOverlay?.fullscreen.isShowing == true { shownFrames += 1 }
      // From half a second into the video, 300 frames, each counted on its own.
      isCounting = shownFrames > 15 && begun < 300
      if isCounting {
        begun += 1
        events = tally.count
        rasterised = host.canvas.rasterisedTextCount
        allocation_counter_begin()
      }
    }
    try host.run()
    host.frameObserver = nil  // the observer holds the host
    #expect(begun == 300 && !completedWhileCounting, "300 frames counted while the video played")
    // The 300 frames (about 10 s at the video's 30 a second, from 0.5 s into it) are counted but
    // for exactly those that are no steady state: the 10 whose "Reward in N s" changes (its new
    // text is uploaded once a second), two of which pass the quartiles of the 20 s at 5 s and
    // 10 s (the only frames that trace).
    #expect(textFrames == 10, "\(textFrames) frames rasterised text")
    #expect(tracedFrames == ["video.quartile", "video.quartile"], "the frames that traced: \(tracedFrames)")
    #expect(quietFrames.count == 290, "\(quietFrames.count) of \(begun) frames traced nothing")
    let allocations = quietFrames.reduce(0, +)
    #expect(allocations == 0, "\(allocations) allocations in \(quietFrames.count) frames of a playing video")
  }

  /// A folder with the shipped banner and a rewarded video of 20 s (320x180 at 30 fps with a tone,
  /// `GeneratedMedia`'s), through a house VAST file.
  /// - Returns: its manifest's path.
  static func longVideoAds() throws -> String {
    let runner = try ProgramRunner()
    try FileManager.default.copyItem(
      atPath: GeneratedMedia.path("twenty-seconds.mp4"), toPath: runner.path("long.mp4"))
    try FileManager.default.copyItem(
      at: ProgramRunner.root.appendingPathComponent("Assets/ads/starfall.png"),
      to: runner.folder.appendingPathComponent("starfall.png"))
    _ = try runner.write(
      "long.xml",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <VAST version="4.2"><Ad id="long"><InLine><AdSystem>test</AdSystem><AdTitle>Long video</AdTitle>
      <Creatives><Creative><Linear><Duration>00:00:20</Duration>
      <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="320" height="180">
      <![CDATA[long.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
      """)
    return try runner.write(
      "manifest.json",
      """
      { "ads": [
        { "id": "starfall", "image": "starfall.png", "title": "Starfall Tactics", "action": "in-app" },
        { "id": "bonus-coins", "vast": "long.xml", "title": "Bonus coins", "action": "in-app",
          "format": "rewarded", "reward": {"type": "coins", "amount": 50} }
      ] }
      """)
  }
}
