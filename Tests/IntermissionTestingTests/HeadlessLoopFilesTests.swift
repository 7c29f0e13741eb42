import Foundation
import Intermission
import IntermissionNet
import IntermissionTesting
import Testing

/// A headless loop keeps the files an overlay writes in a folder of the run's own: a test never
/// reads, sends or hands over what the player's own runs left in the default beacon queue.
@Suite("A headless loop's own files")
struct HeadlessLoopFilesTests {
  @Test func anOverlayWithEveryDefaultKeepsItsQueueInTheRunsFolderWhichGoesWithTheRun() throws {
    var folder = ""
    var queuePath: String?
    _ = try HeadlessLoop.run(seconds: 0.5) { loop in
      folder = loop.filesFolder
      let ads = try AdOverlay(pauseTarget: loop.pauseGate(), trace: loop.trace, configuration: loop.adConfiguration)
      queuePath = (ads.beacons as? BeaconQueue)?.path
      #expect(ProcessEnvironment.current()["XDG_DATA_HOME"] == folder + "/data")
      #expect(ProcessEnvironment.current()["XDG_CACHE_HOME"] == folder + "/cache")
      // A consent engine's decision too: every run's player is asked anew.
      #expect(ProcessEnvironment.current()["XDG_CONFIG_HOME"] == folder + "/config")
      while let time = loop.nextFrame() { ads.update(hostTime: time) }
      ads.stopWorkers()
    }
    #expect(folder.hasPrefix("/") && queuePath == folder + "/data/intermission/beacons.sqlite")
    #expect(!FileManager.default.fileExists(atPath: folder), "the run's folder is removed after it")
    #expect(ProcessEnvironment.current()["XDG_DATA_HOME"] != folder + "/data", "the override ends with the run")
  }
}
