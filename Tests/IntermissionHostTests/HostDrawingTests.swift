import Foundation
import IntermissionBasics
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import IntermissionSDL
import IntermissionTestSupport
import MenuGame
import Testing

/// The demo game and its ads drawn by the SDL backend in process, headless: the menu's text, and a
/// rewarded ad shown by the host. SDL is global: these run one at a time, each in the process's
/// one SDL session.
@Suite("Host drawing", .serialized, .sdlSession)
struct HostDrawingTests {
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
}
