import CAllocationCounter
import Foundation
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import IntermissionTestSupport
import MenuGame
import Testing

/// The host's frames, counted for heap allocations: the menu with its banner, and a rewarded ad's
/// show. SDL is global: these run one at a time, each in the process's one SDL session.
@Suite("Host frame allocations", .serialized, .sdlSession)
struct HostFrameAllocationTests {
  @Test(.enabled(if: allocation_counter_is_available() == 1, "sanitizers own malloc: no counting there"))
  func allocationCounterCountsAllocations() {
    allocation_counter_begin()
    let array = Array(repeating: 1, count: 1000)
    let counted = allocation_counter_end()
    #expect(array.count == 1000)
    #expect(counted >= 1, "the counter sees an array's buffer, so a count of 0 above means something")
  }

  /// The steady-state frame of the real program (menu, pause control, banner shown; SDL's software
  /// renderer included) allocates nothing on the heap. Counted, not timed.
  ///
  /// Only optimised builds are checked (`scripts/test` runs it with `swift test -c release`): without
  /// optimisation, Swift iterates arrays through unspecialised generic code whose coroutine frames
  /// are heap-allocated by the runtime.
  @Test(
    .enabled(if: BackendFixtures.isOptimized, "checked in release builds: swift test -c release"),
    .enabled(if: allocation_counter_is_available() == 1, "sanitizers own malloc: no counting there"))
  func steadyStateFrameAllocatesNothing() throws {
    var options = BackendFixtures.headlessOptions(frames: 200)
    // A beacon queue of its own: the player's (under $XDG_DATA_HOME) may hold beacons that earlier
    // runs could not deliver, whose retries are not this frame's work.
    let queue = FileManager.default.temporaryDirectory.appendingPathComponent("alloc-\(UUID().uuidString).sqlite")
    defer { try? FileManager.default.removeItem(at: queue) }
    options.beaconsPath = queue.path
    options.noBeacons = false
    let manifest = ProgramRunner.root.appendingPathComponent("Assets/ads/manifest.json").path
    // With the music playing (on SDL's silent driver): the mixer's thread allocates nothing either.
    setenv("SDL_AUDIODRIVER", "dummy", 0)
    let host = try Host(
      configuration: options, script: ReplayScript(events: []), fontPath: BackendFixtures.font,
      trace: Trace(output: nil),
      adManifest: manifest, audioFolder: ProgramRunner.root.appendingPathComponent("Assets/audio").path,
      firstScene: { MenuScene(settings: GameSettings()) })
    #expect(host.audio != nil, "the music should play")
    var frame = 0
    var allocations: UInt64 = .max
    var bannerShown = false
    host.frameObserver = { _, _ in
      if frame == 99 {
        bannerShown = host.adOverlay?.banner.isClickable == true
        allocation_counter_begin()
      }
      if frame == 199 { allocations = allocation_counter_end() }
      frame += 1
    }
    try host.run()
    host.frameObserver = nil  // the observer holds the host
    #expect(bannerShown)
    #expect(allocations == 0, "\(allocations) allocations in 100 frames")
  }

  /// The frames of a rewarded ad's show allocate nothing either: its 1280×720 creative (the shipped
  /// rewarded video's art, as a picture) is kept as one texture and scaled as it is drawn, which
  /// SDL's software renderer does straight into the window for an opaque image at full opacity.
  @Test(
    .enabled(if: BackendFixtures.isOptimized, "checked in release builds: swift test -c release"),
    .enabled(if: allocation_counter_is_available() == 1, "sanitizers own malloc: no counting there"))
  func steadyStateFrameAllocatesNothingUnderAFullscreenAd() throws {
    var options = BackendFixtures.headlessOptions(frames: 360)
    options.noAudio = true
    let runner = try ProgramRunner()
    let manifest = try ShippedManifest.quickRewardedAds(runner, rewardAfter: 15)
    // The Bonus screen, then "Watch an ad for 50 coins" (docs/bonus-script.txt).
    let script = try ReplayScript.parse("1.0 click 480 252\n3.0 key Return\n", file: "bonus")
    let host = try Host(
      configuration: options, script: script, fontPath: BackendFixtures.font, trace: Trace(output: nil),
      adManifest: manifest, audioFolder: nil, firstScene: { MenuScene(settings: GameSettings()) })
    // Each frame counted on its own: a frame that rasterises a string (the countdown's next second)
    // allocates for it, and every other frame must allocate nothing.
    var frame = 0
    var showing = false
    var quietFrames: [UInt64] = []
    var rasterised = 0
    host.frameObserver = { _, _ in
      if frame > 259 {
        let allocations = allocation_counter_end()
        if host.canvas.rasterisedTextCount == rasterised { quietFrames.append(allocations) }
      }
      if frame == 259 { showing = host.adOverlay?.fullscreen.isShowing == true }
      if frame >= 259 && frame < 359 {
        rasterised = host.canvas.rasterisedTextCount
        allocation_counter_begin()
      }
      frame += 1
    }
    try host.run()
    host.frameObserver = nil  // the observer holds the host
    #expect(showing, "the rewarded ad should be on screen")
    #expect(quietFrames.count >= 90, "\(quietFrames.count) of 100 frames rasterised no text")
    let allocations = quietFrames.reduce(0, +)
    #expect(allocations == 0, "\(allocations) allocations in \(quietFrames.count) frames of a rewarded ad")
  }
}
