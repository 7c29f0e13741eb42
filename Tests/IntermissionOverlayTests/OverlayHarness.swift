import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionTestSupport

/// A director with the pause control and an ad overlay on a fixed-step clock, without a window.
final class OverlayHarness {
  let clock = FixedStepClock(fps: 60)
  let director = Director(viewSize: Size(width: 800, height: 600))
  let output = MemoryTraceOutput()
  let trace: Trace
  let overlay: AdOverlay
  let pauseControl: PauseControl
  let opener = RecordingURLOpener()
  let canvas = RecordingCanvas(size: Size(width: 800, height: 600))
  let scene: RecordingScene
  let folder: AdFolder
  let driver: FrameDriver

  init(
    folder: AdFolder? = nil, latency: Double = 0.5, refresh: Double = 30, failsEveryLoad: Bool = false,
    decoder: any ImageDecoder = SignatureDecoder(), source: (any AdSource)? = nil,
    configure: (inout AdOverlay.Configuration) -> Void = { _ in }
  ) throws {
    self.folder = try folder ?? AdFolder.standard()
    trace = Trace(output: output)
    var configuration = AdOverlay.Configuration()
    configuration.latency = latency
    configuration.refreshInterval = refresh
    configuration.waitsForDueLoads = true
    configuration.jitterSeed = 42
    // The tests' words are English whatever the machine's locale, unless a test says otherwise.
    configuration.language = "en"
    configure(&configuration)
    let loader =
      source.map { AdLoader(source: $0) }
      ?? AdLoader(manifestPath: self.folder.manifestPath, decoder: decoder, failsEveryLoad: failsEveryLoad)
    overlay = AdOverlay(
      pauseTarget: director, loader: loader, configuration: configuration, trace: trace, urlOpener: opener)
    pauseControl = PauseControl(director: director)
    director.addOverlay(pauseControl)
    director.addOverlay(overlay)
    scene = RecordingScene("Game", log: EventLog())
    director.run(scene)
    director.applyPendingSceneChanges()
    director.eventHandler = { [trace] in trace.record($0) }
    driver = FrameDriver(director: director, trace: trace)
  }

  /// Runs frames until host time `seconds` has passed since the start.
  func run(until seconds: Double) {
    while clock.now < seconds - 1e-9 { frame() }
  }

  /// Runs `count` frames.
  func frames(_ count: Int) {
    for _ in 0..<count { frame() }
  }

  func frame() {
    driver.step(to: clock.now, on: canvas)
    clock.advanceFrame()
  }

  func send(_ event: InputEvent) {
    trace.frame = clock.frame
    trace.time = clock.now
    director.dispatch(event)
  }

  func click(_ point: Point) {
    send(.pointerMoved(point))
    send(.pointerDown(point))
    send(.pointerUp(point))
  }

  var bannerCentre: Point {
    let height = AdBanner.height(forWidth: director.viewSize.width)
    return Point(x: director.viewSize.width / 2, y: director.viewSize.height - height / 2)
  }

  func clickBanner() { click(bannerCentre) }

  /// Pushes a gameplay scene that carries no banner; applied in the next frame.
  @discardableResult
  func pushGameplay() -> RecordingScene {
    let play = RecordingScene("Play", log: EventLog(), allowsBanner: false)
    director.push(play)
    return play
  }

  /// Trace lines as "frame event reason" summaries, for exact comparisons.
  var summary: [String] {
    output.lines.map { line in
      let frame = line.split(separator: ",")[0].dropFirst("{\"frame\":".count)
      var text =
        "\(frame) "
        + (line.range(of: "\"event\":\"").map { range in
          String(line[range.upperBound...].prefix { $0 != "\"" })
        } ?? "")
      if let range = line.range(of: "\"reason\":\"") { text += " " + line[range.upperBound...].prefix { $0 != "\"" } }
      return text
    }
  }

  /// Trace event names, in order.
  var events: [String] {
    output.lines.compactMap { line in
      guard let start = line.range(of: "\"event\":\"") else { return nil }
      let rest = line[start.upperBound...]
      return String(rest[..<rest.firstIndex(of: "\"")!])
    }
  }

  /// Trace lines that contain `text`.
  func lines(containing text: String) -> [String] { output.lines.filter { $0.contains(text) } }
}
