import Foundation
import Intermission
import IntermissionNet
import IntermissionTestSupport
import Testing

/// `AdStack`, the one composition root: one policy for every default, whichever front builds
/// through it (the host, the C API, `AdOverlay(manifestPath:pauseTarget:...)`).
@Suite("AdStack")
struct AdStackTests {
  /// A folder of the test's own, made empty.
  static func folder(_ name: String) throws -> String {
    try ScratchFolder.path("adstack-\(name)")
  }

  @Test func byDefaultTheReportsGoToTheDataHomesQueueAndConnectingTakesAtMostThreeSeconds() throws {
    let home = try Self.folder("default")
    try SDLSession.exclusive {
      let stack = try AdStack(
        pauseTarget: PauseGate(), trace: Trace(output: nil),
        options: AdStack.Options(environment: ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache"]))
      defer { stack.stopWorkers() }
      let queue = try #require(stack.beaconQueue)
      #expect(queue.path == home + "/data/intermission/beacons.sqlite")
      // One file keeps the beacons, the revenue events and the rewards.
      #expect(stack.overlay.beacons as? BeaconQueue === queue)
      #expect(stack.overlay.revenueStore as? BeaconQueue === queue)
      #expect((stack.overlay.fullscreen.rewardStore as? RewardLedger)?.path == queue.path)
      #expect(stack.client.timeouts == HTTPClient.Timeouts(connect: 3, total: 10))
      #expect(stack.manifestPath == SampleAds.manifestPath())
      #expect(stack.overlay.fullscreen.videoSound != nil, "video ads play their sound")
      #expect(stack.overlay.drivesTrace, "a game's own loop: the overlay begins the trace's frames")
    }
  }

  @Test func anEmptyBeaconsPathKeepsNoQueueAndAShortTimeoutBoundsConnectingToo() throws {
    let home = try Self.folder("none")
    try SDLSession.exclusive {
      let stack = try AdStack(
        pauseTarget: PauseGate(), trace: Trace(output: nil),
        options: AdStack.Options(
          timeout: 2, beaconsPath: "", playsSound: false,
          environment: ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache"]))
      defer { stack.stopWorkers() }
      #expect(stack.beaconQueue == nil)
      #expect(stack.overlay.beacons == nil)
      #expect(stack.overlay.revenueStore == nil)
      #expect(!(stack.overlay.fullscreen.rewardStore is RewardLedger), "rewards in memory")
      #expect(stack.client.timeouts == HTTPClient.Timeouts(connect: 2, total: 2))
      #expect(stack.overlay.fullscreen.videoSound == nil)
    }
    #expect(!FileManager.default.fileExists(atPath: home + "/data"), "nothing written under XDG_DATA_HOME")
  }

  @Test func theOverlayWithEveryDefaultKeepsALocalManifestsRewardsInItsQueueToo() throws {
    let home = try Self.folder("convenience")
    let path = home + "/beacons.sqlite"
    try SDLSession.exclusive {
      // The sample ads are a local manifest: its rewards survive a crash as the host's do.
      let overlay = try AdOverlay(pauseTarget: PauseGate(), beaconsPath: path)
      defer { overlay.stopWorkers() }
      #expect((overlay.beacons as? BeaconQueue)?.path == path)
      #expect((overlay.revenueStore as? BeaconQueue)?.path == path)
      #expect((overlay.fullscreen.rewardStore as? RewardLedger)?.path == path)
      // Its first update makes the queue's file on the queue's worker; stopping the overlay's
      // workers waits for that one too.
      overlay.update(hostTime: 0)
      overlay.stopWorkers()
      #expect(FileManager.default.fileExists(atPath: path), "stopWorkers waited for the queue's worker")
    }
  }

  @Test func byDefaultTheOverlayWithEveryDefaultKeepsALocalManifestsReportsInTheDefaultQueue() throws {
    let home = try Self.folder("convenience-default")
    try SDLSession.exclusive {
      try ProcessEnvironment.$overrides.withValue(["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache"])
      {
        // The sample ads, a local manifest, and no beaconsPath: the default file, as the host's.
        let overlay = try AdOverlay(pauseTarget: PauseGate())
        defer { overlay.stopWorkers() }
        let path = home + "/data/intermission/beacons.sqlite"
        #expect((overlay.beacons as? BeaconQueue)?.path == path)
        #expect((overlay.fullscreen.rewardStore as? RewardLedger)?.path == path)
      }
    }
  }
}
