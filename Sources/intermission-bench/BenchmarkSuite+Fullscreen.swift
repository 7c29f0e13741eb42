import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import MenuGame

extension BenchmarkSuite {
  // MARK: - 13. Full-screen ads

  /// What a series of full-screen shows on the real clock came to.
  typealias FullscreenShows = (
    shows: Int, latencies: [Int], overBudget: Int, frames: Int, max: Double, p99: Double
  )

  /// The shipped ads in a temporary folder with the rewarded ad's countdown cut to `rewardAfter`
  /// seconds, so that many shows of its 1280×720 creative fit in a run.
  func quickFullscreenManifest(rewardAfter: Int) throws -> (manifest: String, folder: URL) {
    let source = URL(fileURLWithPath: stillManifestPath).deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fullscreen-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: source, to: folder)
    let manifest = folder.appendingPathComponent("manifest.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    let quick = text.replacingOccurrences(of: #""rewardAfter": 15"#, with: #""rewardAfter": \#(rewardAfter)"#)
    guard quick != text else { throw BenchmarkError(message: "the shipped rewarded ad has no 15 s countdown to cut") }
    try Data(quick.utf8).write(to: manifest)
    return (manifest.path, folder)
  }

  /// Shows the shipped 1280×720 rewarded ad `count` times on the real clock at 60 fps: each show
  /// is asked for in the frame after the one before is dismissed (by a scripted Escape every 2.5 s,
  /// after its 1 s countdown). Reports the frames from each show call to the view's first frame
  /// (`fullscreen.shown`), and the time every presented frame takes (its start to the end of its
  /// present), shows and dismissals included.
  func fullscreenShows() throws -> FullscreenShows {
    let count = quick ? 5 : 30
    let (manifest, folder) = try quickFullscreenManifest(rewardAfter: 1)
    defer { try? FileManager.default.removeItem(at: folder) }
    let escapes = (1...count).map { "\(Double($0) * 2.5) key Escape" }.joined(separator: "\n")
    let host = try makeHost(script: try ReplayScript.parse(escapes, file: "escapes"), manifest: manifest) {
      $0.adLatency = 0.1
      $0.seconds = Double(count) * 2.5 + 1
    }
    return try repeatedShows(host, count: count, begins: .shown)
  }

  /// Runs `host`, asking for its rewarded ad in the frame after each dismissal (a scripted Escape
  /// ends each show) until `count` shows began: the frames from each show call to the event that
  /// marks its first frame (`begins`), and the time every presented frame takes from the first
  /// show call on (its start to the end of its present), shows and dismissals included.
  func repeatedShows(_ host: IntermissionHost.Host, count: Int, begins: FullscreenEvent.Kind) throws
    -> FullscreenShows
  {
    var durations: [Double] = []
    durations.reserveCapacity(40_000)
    var latencies: [Int] = []
    var frame = 0
    var calledAt: Int?
    guard let ads = host.adOverlay?.fullscreen else { throw BenchmarkError(message: "no ad overlay") }
    ads.onEvent = { event in
      // Inside a frame's drawing: that frame is number frame + 1.
      guard event.kind == begins, let called = calledAt else { return }
      latencies.append(frame + 1 - called)
      calledAt = nil
    }
    let clock = host.clock
    host.frameObserver = { start, presented in
      // From the first show call on: the program's own first frames (a window's, its renderer's
      // first shaders) are no show's.
      if presented, calledAt != nil || !latencies.isEmpty { durations.append(clock.now - start) }
      frame += 1
      if calledAt == nil, !ads.isShowing, ads.isReady(.rewarded), latencies.count < count, clock.now > 0.5 {
        if ads.showRewarded(placement: "benchmark") == nil { calledAt = frame }
      }
    }
    try host.run()
    host.frameObserver = nil
    ads.onEvent = nil
    let budget = 1.0 / 60
    return (
      latencies.count, latencies, durations.filter { $0 > budget }.count, durations.count, durations.max() ?? 0,
      Statistics.percentile(durations, 0.99)
    )
  }

  /// CPU per wall second of the real program while the shipped rewarded ad holds the game (its
  /// 15 s countdown running), shown from the demo's Bonus.
  func fullscreenIdleCost() throws -> Double {
    let bonus = MenuScene.buttonFrame(
      .bonus, in: Size(width: 960, height: 640), bottomInset: AdBanner.height(forWidth: 960))
    return try idleCost(
      script: "0.8 click \(Int(bonus.midX)) \(Int(bonus.midY))\n1.2 key Return\n", manifest: stillManifestPath)
  }
}

extension BenchmarkSuite {
  // MARK: - 14. Demand over OpenRTB

  /// Frame times on the real clock at 60 fps while a bought banner rotates every viewable second:
  /// a bid request, its response, the auction and the image each time, all off the loop.
  /// Every bid has the same id, so the rotations are the bid requests answered after the first.
  func bidFrameTimes() throws -> (RotationFrameTimes, requests: Int) {
    let responder = try BidResponder(delay: 0)
    var times = try rotationFrameTimes(
      rotations: quick ? 5 : 60, manifest: responder.demandPath, secondsPerRotation: 1.2)
    times.rotations = max(0, responder.bidRequestCount - 1)
    return (times, responder.bidRequestCount)
  }

  /// Seconds from the first update (when the first bid request leaves) to the first presented frame
  /// that draws the bought banner, with a responder answering after 100 ms; the median and the
  /// largest of repeated runs.
  func bidToBannerTimes() throws -> (median: Double, max: Double, runs: Int) {
    let responder = try BidResponder(delay: 0.1)
    var times: [Double] = []
    for _ in 0..<(quick ? 3 : 10) {
      let host = try makeHost(manifest: responder.demandPath) {
        $0.adLatency = 0
        $0.seconds = 2
      }
      let clock = host.clock
      var start: Double?
      var shown: Double?
      host.frameObserver = { [overlay = host.adOverlay] frameStart, presented in
        if start == nil { start = frameStart }
        if shown == nil, presented, overlay?.currentAd != nil, overlay?.banner.isOnScreen == true { shown = clock.now }
      }
      try host.run()
      host.frameObserver = nil
      guard let start, let shown else { throw BenchmarkError(message: "the bought banner never showed") }
      times.append(shown - start)
    }
    return (Statistics.median(times), times.max() ?? 0, times.count)
  }
}
