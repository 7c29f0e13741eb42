import CAllocationCounter
import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import IntermissionSDL
import IntermissionTestSupport
import IntermissionText
import MenuGame
import Testing

/// The SDL backend in process, headless. SDL is global: these run one at a time, each with its own
/// init and quit.
@Suite("SDL backend", .serialized, .sdlSession)
struct BackendTests {
  @Test func injectedEventsComeBackTranslatedWithTheirCoordinates() throws {
    let stack = try BackendFixtures.Stack()
    let actions: [ReplayScript.Action] = [
      .click(Point(x: 12, y: 34)), .key(.escape), .key(.character("p")), .wheel(dy: -2), .minimize, .restore, .quit,
    ]
    for action in actions { #expect(try stack.pump.inject(action)) }
    var events: [Event] = []
    while let event = stack.pump.poll() { events.append(event) }
    let point = Point(x: 12, y: 34)
    #expect(
      events == [
        .input(.pointerMoved(point)), .input(.pointerDown(point)), .input(.pointerUp(point)),
        .input(.keyDown(.escape)), .input(.keyUp(.escape)), .input(.keyDown(.character("p"))),
        .input(.keyUp(.character("p"))), .input(.wheel(dy: -2)), .windowMinimized, .windowRestored, .quit,
      ])
  }

  @Test func injectionStopsAtCapacityInsteadOfDroppingEvents() throws {
    let stack = try BackendFixtures.Stack()
    var pushed = 0
    while try stack.pump.inject(.move(Point(x: Double(pushed % 300), y: 1))) {
      pushed += 1
      #expect(pushed <= EventPump.injectionCapacity, "the pump must refuse before SDL's queue overflows")
      if pushed > EventPump.injectionCapacity { break }
    }
    #expect(pushed == EventPump.injectionCapacity)
    #expect(try !stack.pump.inject(.click(Point(x: 1, y: 1))), "a click needs three places")
    var moves = 0
    while let event = stack.pump.poll() {
      if case .input(.pointerMoved) = event { moves += 1 }
    }
    #expect(moves == pushed, "every pushed event comes back")
    #expect(try stack.pump.inject(.click(Point(x: 1, y: 1))), "room again once the queue was read")
    while stack.pump.poll() != nil {}
  }

  @Test func extremeCoordinatesNeverTrap() {
    #expect(EventInjector.coordinate(1e10) == Int32.max)
    #expect(EventInjector.coordinate(-3e9) == Int32.min)
    #expect(EventInjector.coordinate(.nan) == 0)
    #expect(EventInjector.coordinate(12.6) == 13)
  }

  @Test func wakeFromAnotherThreadEndsAWait() throws {
    let stack = try BackendFixtures.Stack()
    let pump = stack.pump
    let start = MonotonicClock.readSeconds()
    let waker = pump.waker
    Thread.detachNewThread { waker.wake() }
    pump.wait(timeout: 10)
    #expect(MonotonicClock.readSeconds() - start < 5, "woken long before the time-out")
    #expect(pump.poll() == .wake)
  }

  /// The software renderer compiles nothing: the scene layer's warm-up draws nothing on it and
  /// makes no layer (a texture of the window's size).
  @Test func theSoftwareRendererSkipsTheSceneLayersWarmUp() throws {
    let stack = try BackendFixtures.Stack()
    var drew = false
    stack.canvas.warmUpSceneLayer { drew = true }
    #expect(!drew)
    #expect(!stack.canvas.hasSceneLayer)
  }

  @Test func fillsLandOnTheRightPixels() throws {
    let stack = try BackendFixtures.Stack()
    stack.canvas.drawIntoSceneLayer {
      stack.canvas.clear(Theme.background)
      stack.canvas.fill(Rect(x: 10, y: 20, width: 30, height: 40), color: Color(hex: 0xFF0000))
      stack.canvas.fill(Rect(x: 10, y: 20, width: 5, height: 5), color: Color(hex: 0x0000FF).withOpacity(0.5))
    }
    stack.canvas.drawSceneLayer()
    stack.canvas.fill(Rect(x: 100, y: 100, width: 10, height: 10), color: Color(hex: 0x00FF00))
    let pixels = try stack.canvas.readPixels()
    #expect(pixels.width == 320 && pixels.height == 240)
    #expect(pixels.pixel(x: 14, y: 24) != Color(hex: 0xFF0000))
    #expect(pixels.pixel(x: 15, y: 20) == Color(hex: 0xFF0000))
    #expect(pixels.pixel(x: 39, y: 59) == Color(hex: 0xFF0000))
    #expect(close(pixels.pixel(x: 12, y: 22), Color(red: 127, green: 0, blue: 128)), "translucent fills still blend")
    #expect(pixels.pixel(x: 40, y: 60) == Theme.background, "the layer was cleared to the background")
    #expect(pixels.pixel(x: 105, y: 105) == Color(hex: 0x00FF00))
  }

  @Test func textIsRasterisedOncePerStringAndStyle() throws {
    let stack = try BackendFixtures.Stack(width: 960, height: 640)
    let director = Director(viewSize: stack.canvas.size)
    director.addOverlay(PauseControl(director: director))
    director.run(MenuScene(settings: GameSettings()))
    var time = 0.0
    for _ in 0..<5 {
      director.advance(to: time)
      director.render(on: stack.canvas)
      time += 1.0 / 60
    }
    let warm = stack.canvas.rasterisedTextCount
    #expect(warm == 9, "title, subtitle, six buttons, the pause button: \(warm)")
    for _ in 0..<60 {
      director.advance(to: time)
      director.render(on: stack.canvas)
      time += 1.0 / 60
    }
    #expect(stack.canvas.rasterisedTextCount == warm)
    #expect(stack.canvas.measureText("Play", style: .heading).width == 50)
    #expect(stack.canvas.rasterisedTextCount == warm, "measuring draws nothing")
  }

  @Test func imagesDecodeUploadAndDrawScaled() throws {
    let stack = try BackendFixtures.Stack(width: 400, height: 200)
    let surface = try SDLImageDecoder().decodeImage(
      atPath: ProgramRunner.root.appendingPathComponent("Assets/ads/tidewater.png").path)
    #expect(surface.pixelWidth == 1456 && surface.pixelHeight == 180)
    let handle = try #require(stack.canvas.upload(surface))
    stack.canvas.clear(Theme.background)
    stack.canvas.drawImage(handle, in: Rect(x: 0, y: 100, width: 400, height: 50), opacity: 1)
    let pixels = try stack.canvas.readPixels()
    #expect(pixels.pixel(x: 200, y: 50) == Theme.background)
    #expect(pixels.pixel(x: 200, y: 125) != Theme.background, "the creative covers its rectangle")
    #expect(throws: SDLImageDecoder.Refusal.self) { try SDLImageDecoder().decodeImage(atPath: "/etc/hostname") }
  }

  @Test func decoderRefusesImagesThatDeclareTooManyPixels() throws {
    let runner = try ProgramRunner()
    // A valid PNG signature and IHDR declaring 100000 x 100000 pixels, in a few bytes.
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
    bytes += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0]
    let path = runner.path("bomb.png")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect {
      try SDLImageDecoder().decodeImage(atPath: path)
    } throws: { error in
      "\(error)".contains("declares 100000x100000 pixels")
    }
  }

  @Test func hiDPIScaleIsOutputPixelsPerWindowPoint() throws {
    let retina = SDLCanvas.pixelScale(window: Size(width: 960, height: 640), output: (1920, 1280))
    #expect(retina.x == 2 && retina.y == 2)
    let plain = SDLCanvas.pixelScale(window: Size(width: 960, height: 640), output: (960, 640))
    #expect(plain.x == 1 && plain.y == 1)
    let minimised = SDLCanvas.pixelScale(window: Size(width: 0, height: 0), output: (0, 0))
    #expect(minimised.x == 1 && minimised.y == 1)
    let stack = try BackendFixtures.Stack()
    #expect(stack.canvas.pixelScale.x == 1, "the offscreen driver has no HiDPI output")
    #expect(stack.canvas.pixelPoint(Point(x: 10.5, y: 20)) == (10, 20))
  }

  /// The steady-state frame of the real program (menu, pause control, banner shown; SDL's software
  /// renderer included) allocates nothing on the heap. Counted, not timed, so it belongs here.
  ///
  /// Only optimised builds are checked (`scripts/test` runs it with `swift test -c release`): without
  /// optimisation, Swift iterates arrays through unspecialised generic code whose coroutine frames
  /// are heap-allocated by the runtime.
  @Test func theSystemBrowserOpensOnlyWithAHandlerAndSaysWhyNot() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let none = SystemBrowser(searchPath: folder.path)
    #expect(!none.open("https://example.com/a"))
    #expect(none.failureReason?.contains("xdg-open is not on the search path") == true)
    // A handler that records what it was asked to open (SDL runs it detached).
    let log = folder.appendingPathComponent("opened.txt").path
    let handler = folder.appendingPathComponent("xdg-open").path
    try Data("#!/bin/sh\necho \"$1\" >>\"\(log)\"\n".utf8).write(to: URL(fileURLWithPath: handler))
    #expect(chmod(handler, 0o755) == 0)
    let browser = SystemBrowser(searchPath: "/nonexistent:" + folder.path)
    #expect(browser.handlerPath == handler)
    #expect(browser.open("https://example.com/b"))
    #expect(browser.failureReason == nil)
    var opened = ""
    for _ in 0..<100 where !opened.contains("https://example.com/b") {
      usleep(20_000)
      opened = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    }
    #expect(opened == "https://example.com/b\n")
  }

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

  /// A rewarded ad on the real renderer: it covers the window, its 1280×720 creative letterboxed at
  /// 16:9 in the page, the countdown in the header, the game held.
  @Test func aRewardedAdCoversTheWindowWithItsCreativeLetterboxed() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fullscreen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["starfall.png", "bonus-rewarded.png"] {
      try FileManager.default.copyItem(
        at: ProgramRunner.root.appendingPathComponent("Assets/ads/\(name)"), to: folder.appendingPathComponent(name))
    }
    try Data(
      """
      { "ads": [ { "id": "starfall", "image": "starfall.png", "title": "Starfall", "action": "in-app" },
        { "id": "bonus", "image": "bonus-rewarded.png", "title": "Bonus coins", "action": "in-app",
          "description": "Watch to the end for 50 coins.", "url": "https://example.com/bonus",
          "format": "rewarded", "reward": {"type": "coins", "amount": 50} } ] }
      """.utf8
    ).write(to: folder.appendingPathComponent("manifest.json"))
    var options = BackendFixtures.headlessOptions(frames: 120)
    options.beaconsPath = folder.appendingPathComponent("beacons.sqlite").path
    options.noBeacons = false
    let screenshot = folder.appendingPathComponent("shot.png").path
    options.screenshotPath = screenshot
    let host = try Host(
      configuration: options, script: ReplayScript(events: []), fontPath: BackendFixtures.font,
      trace: Trace(output: nil),
      adManifest: folder.appendingPathComponent("manifest.json").path, audioFolder: nil,
      firstScene: { MenuScene(settings: GameSettings()) })
    var refusal: FullscreenRefusal?? = .none
    var frame = 0
    // Weakly: the host keeps its observer.
    host.frameObserver = { [weak host] _, _ in
      if frame == 30 { refusal = host?.adOverlay?.fullscreen.showRewarded(placement: "bonus_coins") }
      frame += 1
    }
    try host.run()
    #expect(refusal == .some(nil), "shown")
    #expect(host.adOverlay?.fullscreen.isShowing == true)
    if let copy = ProcessEnvironment.current()["INTERMISSION_KEEP_SCREENSHOT"] {
      try? FileManager.default.copyItem(atPath: screenshot, toPath: copy)
    }
    let image = try #require(try SDLImageDecoder().decodeImage(atPath: screenshot) as? Surface)
    let size = Size(width: Double(image.pixelWidth), height: Double(image.pixelHeight))
    let frameOfCreative = AdView.fullscreenImageFrame(in: size, imageSize: Size(width: 1280, height: 720))
    #expect(abs(frameOfCreative.width / frameOfCreative.height - 16.0 / 9.0) < 0.01, "never stretched")
    // Inside the creative: its warm gradient; beside it, the view's dark page; no banner at the bottom.
    let inside = image.pixel(x: Int(frameOfCreative.minX + 20), y: Int(frameOfCreative.maxY - 10))
    #expect(inside.red > 120 && inside.red > inside.blue + 60, "\(inside)")
    let page = image.pixel(x: 4, y: Int(frameOfCreative.midY))
    #expect(page == Color(hex: 0x0B0F1A), "\(page)")
    let bottom = image.pixel(x: Int(size.width / 2), y: Int(size.height - 2))
    #expect(bottom == Color(hex: 0x0B0F1A), "the banner is covered: \(bottom)")
  }

  @Test(.enabled(if: allocation_counter_is_available() == 1, "sanitizers own malloc: no counting there"))
  func allocationCounterCountsAllocations() {
    allocation_counter_begin()
    let array = Array(repeating: 1, count: 1000)
    let counted = allocation_counter_end()
    #expect(array.count == 1000)
    #expect(counted >= 1, "the counter sees an array's buffer, so a count of 0 above means something")
  }

  @Test func errorsCaptureSDLsMessage() throws {
    let library = try FontLibrary()
    #expect {
      try Font(library: library, path: "/nonexistent.ttf", pointSize: 12)
    } throws: { error in
      guard let error = error as? SDLError else { return false }
      return error.function == "TTF_OpenFontIndex" && !error.message.isEmpty
    }
  }
}
