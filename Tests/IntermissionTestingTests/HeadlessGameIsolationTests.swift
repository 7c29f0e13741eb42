import Foundation
import IntermissionCore
import IntermissionTestSupport
import IntermissionTesting
import Testing

/// `HeadlessGame` leaves the developer's own beacon queue alone: by default its ads keep no queue,
/// write nothing under `XDG_DATA_HOME` and report to no server; `beacons:` gives a run a queue.
@Suite("HeadlessGame's reports")
struct HeadlessGameIsolationTests {
  /// A folder with the shipped banner and a manifest whose ad reports its impression to `collector`.
  func reportingAds(in folder: URL, collector: CollectorServer) throws -> String {
    let ads = folder.appendingPathComponent("ads")
    try FileManager.default.createDirectory(at: ads, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: ProgramRunner.root.appendingPathComponent("Assets/ads/starfall.png"),
      to: ads.appendingPathComponent("starfall.png"))
    let manifest = ads.appendingPathComponent("manifest.json")
    let ad =
      #"{"id":"starfall","image":"starfall.png","title":"Starfall","action":"in-app","#
      + #""impressionURL":"\#(collector.url("i"))?ad=starfall"}"#
    try Data(#"{"ads":[\#(ad)]}"#.utf8).write(to: manifest)
    return manifest.path
  }

  @Test func aRunKeepsNoQueueAndReportsNothing() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer()
    let data = runner.folder.appendingPathComponent("data")
    var game = try HeadlessGame(ads: try reportingAds(in: runner.folder, collector: collector)) { CountingScene() }
    game.environment = ["XDG_DATA_HOME": data.path, "XDG_CACHE_HOME": runner.path("cache")]
    let run = try game.run(seconds: 3)
    #expect(run.records("impression").count == 1, "the banner was seen: \(run.lines.suffix(5))")
    #expect(!FileManager.default.fileExists(atPath: data.path), "nothing written under XDG_DATA_HOME")
    #expect(collector.requests.isEmpty, "no report sent: \(collector.requests.map(\.path))")
  }

  @Test func anEmptyQueueNameKeepsNoneAsNilDoes() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer()
    var game = try HeadlessGame(ads: try reportingAds(in: runner.folder, collector: collector), beacons: "") {
      CountingScene()
    }
    game.environment = ["XDG_DATA_HOME": runner.path("data"), "XDG_CACHE_HOME": runner.path("cache")]
    let run = try game.run(seconds: 3)
    #expect(run.records("impression").count == 1)
    #expect(run.records("beacon.sent").isEmpty && collector.requests.isEmpty, "\(collector.requests.map(\.path))")
  }

  @Test func aQueueWithoutAdsIsRefused() {
    #expect {
      _ = try HeadlessGame(noAds: true, beacons: "b.sqlite") { CountingScene() }
    } throws: { error in
      "\(error)" == "beacons: a queue (b.sqlite) needs ads, and noAds is true"
    }
  }

  @Test func aRunWithAQueueReportsItsImpression() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer()
    let queue = runner.path("beacons.sqlite")
    var game = try HeadlessGame(ads: try reportingAds(in: runner.folder, collector: collector), beacons: queue) {
      CountingScene()
    }
    game.environment = ["XDG_DATA_HOME": runner.path("data"), "XDG_CACHE_HOME": runner.path("cache")]
    let run = try game.run(seconds: 3)
    #expect(run.records("beacon.sent").count == 1, "\(run.lines.suffix(5))")
    #expect(collector.requests.map(\.path) == ["/i"])
    #expect(FileManager.default.fileExists(atPath: queue))
    #expect(!FileManager.default.fileExists(atPath: runner.path("data")), "the queue named, not the default")
  }
}
