import Foundation
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import IntermissionTestSupport
import MenuGame
import Testing

/// The program exits with its host alive (`Launcher.finish`), so `Host.stopWorkers()` must leave
/// nothing of the overlay's running. A full-screen ad's load still loading FFmpeg while the demo
/// exited once aborted it (libgomp's constructor, run by that load, asserted during `exit`).
@Suite("Stopping the workers", .serialized, .sdlSession)
struct WorkerShutdownTests {
  @Test func stopWorkersWaitsForTheFullScreenAdsLoadsToo() throws {
    let runner = try ProgramRunner()
    let www = try ShippedManifest.copy(runner, "www")
    // The rewarded ad's VAST document trickles at 8 bytes a second: its load runs until cancelled.
    let nginx = try NginxServer(root: www, locations: "location = /bonus-coins.xml { limit_rate 8; }")
    var options = BackendFixtures.headlessOptions(frames: 1_000_000)
    options.fixedStep = false  // the loop must not wait for the trickling load when it is due
    options.noAudio = true
    options.adsTimeout = 60
    let host = try Host(
      configuration: options, script: ReplayScript(events: []), fontPath: BackendFixtures.font,
      trace: Trace(output: nil), adManifest: nginx.url("manifest.json"),
      environment: ["XDG_CACHE_HOME": runner.path("cache")], firstScene: { MenuScene(settings: GameSettings()) })
    let overlay = try #require(host.adOverlay)
    host.start()
    // Frames until the banner is up and the rewarded load has been under way for a second.
    let deadline = Date().addingTimeInterval(20)
    var loadingSince: Date?
    while Date() < deadline {
      host.runFrame()
      if overlay.bottomInset > 0, overlay.runningRewardedLoads > 0 {
        if let since = loadingSince, Date().timeIntervalSince(since) > 1 { break }
        loadingSince = loadingSince ?? Date()
      } else {
        loadingSince = nil
      }
    }
    try #require(overlay.runningRewardedLoads > 0, "the rewarded ad's load should be running")

    let stopping = Date()
    host.stopWorkers()
    #expect(overlay.runningLoads == 0, "a load still runs after stopWorkers()")
    // Its transfer was cancelled (with the host's client's), not waited for until its time-out.
    // (libcurl notices a cancellation within about a second).
    #expect(Date().timeIntervalSince(stopping) < 15, "the 60 s time-out was not waited for")
    // nginx logs the request when it notices the connection closed (at its next trickled write).
    let logDeadline = Date().addingTimeInterval(10)
    while !nginx.requests.contains(where: { $0.hasPrefix("GET /bonus-coins.xml ") }), Date() < logDeadline {
      usleep(50_000)
    }
    #expect(nginx.requests.contains { $0.hasPrefix("GET /bonus-coins.xml ") }, "\(nginx.requests)")
  }
}
