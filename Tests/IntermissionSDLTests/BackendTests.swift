import Foundation
import IntermissionBasics
import IntermissionCore
import IntermissionSDL
import IntermissionTestSupport
import IntermissionText
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
