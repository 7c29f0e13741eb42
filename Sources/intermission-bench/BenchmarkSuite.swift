import CAllocationCounter
import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import IntermissionSDL
import MenuGame

/// The measurements, each a median over repeated runs.
struct BenchmarkSuite {
  /// Fewer repetitions and shorter runs, for a smoke run.
  let quick: Bool
  let fontPath: String
  /// The shipped manifest, full-screen entries included.
  let manifestPath: String
  /// The shipped manifest's banner entries alone, beside a copy of its creatives: what the C
  /// baseline shows (a menu and a banner), so that the comparisons with it compare the same work.
  let bannerManifestPath: String
  /// The shipped manifest with its full-screen video entries shown as the pictures their videos
  /// are made from: the still full-screen ads of the rows before video ads, kept comparable.
  let stillManifestPath: String
  let creativePath: String

  init(quick: Bool) throws {
    self.quick = quick
    let environment = ProcessInfo.processInfo.environment
    fontPath = try AssetLocator.font(explicit: nil, environment: environment).path
    guard let manifest = AssetLocator.defaultAdManifest(environment: environment) else {
      throw BenchmarkError(message: "the shipped ad manifest (Assets/ads/manifest.json) was not found")
    }
    manifestPath = manifest
    creativePath = try AdManifest.load(path: manifest)[0].imagePath
    bannerManifestPath = try BenchmarkSuite.bannersOnly(of: manifest)
    stillManifestPath = try BenchmarkSuite.stills(of: manifest)
  }

  /// A copy of the shipped ads whose full-screen entries are pictures: each video entry shows the
  /// art its clip is made from (`scripts/make-video-ads`), the rewarded one after 15 s.
  static func stills(of manifest: String) throws -> String {
    let source = URL(fileURLWithPath: manifest).deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stills-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: source, to: folder)
    let art = ["starfall-season.xml": "break-interstitial.png", "bonus-coins.xml": "bonus-rewarded.png"]
    var text = try String(contentsOfFile: manifest, encoding: .utf8)
    for (vast, image) in art {
      let still = #""image": "\#(image)""# + (image.hasPrefix("bonus") ? #", "rewardAfter": 15"# : "")
      let replaced = text.replacingOccurrences(of: #""vast": "\#(vast)""#, with: still)
      guard replaced != text else { throw BenchmarkError(message: "the shipped manifest has no \(vast) entry") }
      text = replaced
    }
    let path = folder.appendingPathComponent("manifest.json")
    try Data(text.utf8).write(to: path)
    return path.path
  }

  /// A copy of the shipped ads in a temporary folder whose manifest keeps the banner entries only.
  static func bannersOnly(of manifest: String) throws -> String {
    let source = URL(fileURLWithPath: manifest).deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("banners-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: source, to: folder)
    let data = try Data(contentsOf: URL(fileURLWithPath: manifest))
    guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let ads = root["ads"] as? [[String: Any]]
    else { throw BenchmarkError(message: "the shipped manifest has no \"ads\" array") }
    root["ads"] = ads.filter { ($0["format"] as? String ?? "banner") == "banner" }
    let path = folder.appendingPathComponent("manifest.json")
    try JSONSerialization.data(withJSONObject: root).write(to: path)
    return path.path
  }

  /// `--ads` with the banners-only manifest, for runs compared with the C baseline.
  var bannerAds: [String] { ["--ads", bannerManifestPath] }

  var repetitions: Int { quick ? 3 : 7 }

  /// A headless host on the shipped inventory, with `configure` applied to its options.
  func makeHost(
    script: ReplayScript = ReplayScript(events: []), audioFolder: String? = nil, manifest: String? = nil,
    _ configure: (inout HostConfiguration) -> Void
  ) throws -> IntermissionHost.Host {
    var options = HostConfiguration()
    options.headless = true
    options.noBeacons = true  // nothing of the developer's own queue (under $XDG_DATA_HOME) is sent
    configure(&options)
    return try Host(
      configuration: options, script: script, fontPath: fontPath, trace: Trace(output: nil),
      adManifest: manifest ?? bannerManifestPath,
      audioFolder: audioFolder, firstScene: { MenuScene(settings: GameSettings()) })
  }

  // MARK: - 1. Core cost per frame

  /// Director + overlays update and draw for the menu with the banner shown, on a null canvas.
  func coreCostPerFrame() -> (nanoseconds: Double, allocationsPerFrame: Double) {
    let clock = FixedStepClock(fps: 60)
    let director = Director(viewSize: Size(width: 960, height: 640))
    director.addOverlay(PauseControl(director: director))
    let overlay = makeSteadyOverlay(pauseTarget: director)
    director.addOverlay(overlay)
    director.run(MenuScene(settings: GameSettings()))
    let canvas = NullCanvas(size: director.viewSize)
    let driver = FrameDriver(director: director, trace: Trace(output: nil))
    func frame() {
      driver.step(to: clock.now, on: canvas)
      clock.advanceFrame()
    }
    for _ in 0..<120 { frame() }
    precondition(overlay.banner.isClickable, "the banner should be shown before measuring")
    return measurePerFrame(frame)
  }

  /// The overlay embedded in a game's own loop, without a director: a `PauseGate`, the overlay
  /// updated and drawn on a null canvas, and a game update whenever the gate lets it run.
  func foreignLoopCostPerFrame() -> (nanoseconds: Double, allocationsPerFrame: Double) {
    var updates = 0
    let gate = PauseGate()
    let overlay = makeSteadyOverlay(pauseTarget: gate)
    let canvas = NullCanvas(size: Size(width: 960, height: 640))
    var time = 0.0
    func frame() {
      overlay.update(hostTime: time)
      if gate.isRunning { updates &+= 1 }
      overlay.draw(on: canvas)
      time += 1.0 / 60
    }
    for _ in 0..<120 { frame() }
    precondition(overlay.banner.isClickable && updates > 0, "the banner should be shown before measuring")
    return measurePerFrame(frame)
  }

  /// An overlay on the shipped inventory whose first ad arrives at once and never rotates: the
  /// steady state the per-frame costs are measured in.
  func makeSteadyOverlay(pauseTarget: any PauseTarget) -> AdOverlay {
    var configuration = AdOverlay.Configuration()
    configuration.latency = 0
    configuration.refreshInterval = 1e9
    configuration.waitsForDueLoads = true
    return AdOverlay(
      pauseTarget: pauseTarget, loader: AdLoader(manifestPath: bannerManifestPath, decoder: SDLImageDecoder()),
      configuration: configuration, trace: Trace(output: nil), urlOpener: NoURLOpener())
  }

  /// The median cost of `frame` in ns over repeated runs, and its heap allocations per call.
  private func measurePerFrame(_ frame: () -> Void) -> (nanoseconds: Double, allocationsPerFrame: Double) {
    let frames = quick ? 20_000 : 200_000
    var samples: [Double] = []
    for _ in 0..<repetitions {
      let start = MonotonicClock.readSeconds()
      for _ in 0..<frames { frame() }
      samples.append((MonotonicClock.readSeconds() - start) / Double(frames) * 1e9)
    }
    return (Statistics.median(samples), allocationsPerCall(frame))
  }

  /// The heap allocations per call of `frame`, over `count` calls.
  func allocationsPerCall(_ frame: () -> Void, count: Int = 10_000) -> Double {
    allocation_counter_begin()
    for _ in 0..<count { frame() }
    return Double(allocation_counter_end()) / Double(count)
  }

  // MARK: - 2. Headless render throughput

  /// Uncapped frames per second of the real frame, Intermission against the C baseline, alternating.
  func renderThroughput() throws -> (swift: Double, c: Double) {
    let frames = quick ? 300 : 1200
    let first = 60  // the banner is in place from frame 15 with no latency
    var swift: [Double] = []
    var c: [Double] = []
    for _ in 0..<repetitions {
      var started = 0.0
      var ended = 0.0
      var index = 0
      let host = try makeHost {
        $0.fixedStep = true
        $0.adLatency = 0
        $0.frames = frames
      }
      host.frameObserver = { _, _ in
        if index == first - 1 { started = MonotonicClock.readSeconds() }
        if index == frames - 1 { ended = MonotonicClock.readSeconds() }
        index += 1
      }
      try host.run()
      swift.append(Double(frames - first) / (ended - started))

      let probe = try ProcessProbe(
        "intermission-cbaseline",
        ["--font", fontPath, "--image", creativePath, "--frames", String(frames), "--skip", String(first)])
      let printed = probe.finish()
      guard let field = printed.split(separator: " ").first(where: { $0.hasPrefix("fps=") }),
        let fps = Double(field.dropFirst(4).trimmingCharacters(in: .whitespacesAndNewlines))
      else { throw BenchmarkError(message: "the C baseline printed '\(printed)'") }
      c.append(fps)
    }
    return (Statistics.median(swift), Statistics.median(c))
  }

  // MARK: - 3. Idle cost while stopped

  /// CPU seconds per wall second of the real program (real clock) while the director is stopped
  /// by an open in-app ad view, or by the user's pause.
  func idleCost(script: String, environment: [String: String] = [:], manifest: String? = nil) throws -> Double {
    let seconds = quick ? 5.0 : 6.0
    let scriptURL = FileManager.default.temporaryDirectory.appendingPathComponent("idle-\(UUID().uuidString).txt")
    try Data(script.utf8).write(to: scriptURL)
    defer { try? FileManager.default.removeItem(at: scriptURL) }
    var samples: [Double] = []
    for _ in 0..<(quick ? 1 : 3) {
      let probe = try ProcessProbe(
        "intermission",
        ["--headless", "--ad-latency", "0.2", "--script", scriptURL.path, "--seconds", String(seconds + 2.5)]
          + (manifest.map { ["--ads", $0] } ?? []),
        environment: environment)
      Thread.sleep(forTimeInterval: 2)
      guard let startCPU = probe.threadCPUSeconds() else {
        throw BenchmarkError(message: "cannot read the program's CPU time")
      }
      let startWall = MonotonicClock.readSeconds()
      Thread.sleep(forTimeInterval: seconds)
      guard let endCPU = probe.threadCPUSeconds() else { throw BenchmarkError(message: "the program ended early") }
      let endWall = MonotonicClock.readSeconds()
      _ = probe.finish()
      samples.append(ProcessProbe.cpuSeconds(from: startCPU, to: endCPU) / (endWall - startWall))
    }
    return Statistics.median(samples)
  }

  // MARK: - 4. Frame pacing

  /// Intervals between the starts of presented frames on the real clock at 60 fps: when the loop
  /// wakes to run a frame, which is what the pacer controls (the time a frame then takes to draw
  /// is the render benchmark's subject).
  func framePacing() throws -> (mean: Double, p50: Double, p99: Double, late: Int, frames: Int) {
    var runs: [(mean: Double, p50: Double, p99: Double, late: Int, frames: Int)] = []
    for _ in 0..<(quick ? 1 : 3) {
      var starts: [Double] = []
      starts.reserveCapacity(1000)
      let host = try makeHost { $0.seconds = quick ? 4 : 10 }
      host.frameObserver = { frameStart, presented in
        if presented { starts.append(frameStart) }
      }
      try host.run()
      let target = 1.0 / 60
      let intervals = Array(zip(starts.dropFirst(), starts).map { $0 - $1 }.dropFirst(5))  // past start-up
      let deviations = intervals.map { abs($0 - target) }
      runs.append(
        (
          Statistics.mean(intervals), Statistics.percentile(deviations, 0.5), Statistics.percentile(deviations, 0.99),
          intervals.filter { $0 > target * 1.5 }.count, intervals.count
        ))
    }
    // The run with the median p99 stands for all of them.
    return runs.sorted { $0.p99 < $1.p99 }[runs.count / 2]
  }

  // MARK: - 5. Pause and resume latency

  /// Scene updates after the frame that processes the banner click, and the first delta after resume.
  func pauseResumeLatency() throws -> (updatesAfterClick: Int, firstDeltaAfterResume: Double) {
    let script = try ReplayScript.parse("1.0 click 480 595\n2.0 key Escape\n", file: "latency")
    let host = try makeHost(script: script) {
      $0.fixedStep = true
      $0.adLatency = 0
      $0.seconds = 3
    }
    var updatesBeforeClickFrame = 0
    var updatesBeforeResumeFrame = 0
    var firstDelta = Double.nan
    var frame = 0
    host.frameObserver = { [director = host.director] _, _ in
      if frame == 59 { updatesBeforeClickFrame = director.sceneUpdateCount }
      if frame == 119 { updatesBeforeResumeFrame = director.sceneUpdateCount }
      if frame == 120 { firstDelta = director.lastDelta }
      frame += 1
    }
    try host.run()
    return (updatesBeforeResumeFrame - updatesBeforeClickFrame, firstDelta)
  }

  // MARK: - 6. Allocations and memory

  /// Heap allocations per steady-state frame of the real frame (SDL's included), in process.
  func allocationsPerRealFrame() throws -> Double {
    let host = try makeHost {
      $0.fixedStep = true
      $0.adLatency = 0
      $0.frames = 400
    }
    var frame = 0
    var counted: UInt64 = 0
    host.frameObserver = { _, _ in
      if frame == 199 { allocation_counter_begin() }
      if frame == 399 { counted = allocation_counter_end() }
      frame += 1
    }
    try host.run()
    return Double(counted) / 200
  }

}

/// A failed measurement.
struct BenchmarkError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// Opens nothing: the benchmark never clicks an open-url ad.
final class NoURLOpener: URLOpener {
  func open(_ url: String) -> Bool { false }
}
