import CAllocationCounter
import Intermission
import IntermissionTestSupport
import Testing

/// The overlay drawn into pixels it owns, for a game on any engine: premultiplied RGBA, only what
/// changed is dirty, and the same picture as on an SDL renderer.
@Suite("Pixels for any engine", .serialized, .sdlSession)
struct PixelCanvasTests {
  static let width = 960.0
  static let height = 640.0

  /// An overlay of the sample ads whose loads land at their due frame, with no beacon queue.
  static func overlay() throws -> AdOverlay {
    var configuration = AdOverlay.Configuration()
    configuration.waitsForDueLoads = true
    return try AdOverlay(pauseTarget: PauseGate(), configuration: configuration, beaconsPath: "")
  }

  /// The pixel at (`x`, `y`) of `frame`: R, G, B, A.
  static func pixel(_ frame: PixelFrame, _ x: Int, _ y: Int) -> [UInt8] {
    (0..<4).map { frame.pixels.load(fromByteOffset: y * frame.pitch + x * 4 + $0, as: UInt8.self) }
  }

  @Test func theBannerIsPremultipliedRGBAAndAStillBannerIsNeverDirty() throws {
    let pixels = try PixelCanvas(width: Self.width, height: Self.height)
    let ads = try Self.overlay()
    defer { ads.stopWorkers() }
    var dirty: [PixelRect] = []
    for frame in 0..<240 {
      ads.update(hostTime: Double(frame) / 60)
      ads.draw(on: pixels)
      dirty.append(pixels.takeFrame().dirty)
    }
    #expect(dirty[0] == PixelRect(x: 0, y: 0, width: 960, height: 640), "the first frame is all dirty")
    #expect(dirty[1].isEmpty, "nothing drawn yet, nothing changed")
    #expect(dirty.contains { !$0.isEmpty && $0.y >= 640 - 90 - 2 }, "the banner's slide-in is dirty")
    #expect(dirty.suffix(30).allSatisfy { $0.isEmpty }, "a banner that stands still uploads nothing")
    #expect(ads.bottomInset == 90)
    let frame = pixels.takeFrame()
    #expect((frame.width, frame.height, frame.pitch) == (960, 640, 3840))
    #expect(Self.pixel(frame, 480, 100) == [0, 0, 0, 0], "transparent above the banner")
    #expect(Self.pixel(frame, 480, 600)[3] == 255, "the banner is opaque")
    var premultiplied = true
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let p = Self.pixel(frame, x, y)
        if p[0] > p[3] || p[1] > p[3] || p[2] > p[3] { premultiplied = false }
      }
    }
    #expect(premultiplied, "no colour exceeds its alpha")
  }

  /// A frame of a banner standing still, drawn into pixels and taken, allocates nothing.
  @Test(
    .enabled(if: BackendFixtures.isOptimized, "checked in release builds: swift test -c release"),
    .enabled(if: allocation_counter_is_available() == 1, "sanitizers own malloc: no counting there"))
  func aSteadyFrameIntoPixelsAllocatesNothing() throws {
    let pixels = try PixelCanvas(width: Self.width, height: Self.height)
    let ads = try Self.overlay()
    defer { ads.stopWorkers() }
    var allocations: UInt64 = .max
    var dirty = PixelRect.empty
    for frame in 0..<300 {
      if frame == 200 { allocation_counter_begin() }
      ads.update(hostTime: Double(frame) / 60)
      ads.draw(on: pixels)
      dirty = dirty.union(pixels.takeFrame().dirty)
      if frame == 299 { allocations = allocation_counter_end() }
      if frame == 199 { dirty = .empty }
    }
    #expect(ads.banner.isClickable && dirty.isEmpty)
    #expect(allocations == 0, "\(allocations) allocations in 100 frames")
  }

  @Test func aResizeIsWhollyDirtyAtItsNewSizeAndScale() throws {
    let pixels = try PixelCanvas(width: Self.width, height: Self.height)
    let ads = try Self.overlay()
    defer { ads.stopWorkers() }
    ads.update(hostTime: 0)
    ads.draw(on: pixels)
    _ = pixels.takeFrame()
    try pixels.resize(width: 800, height: 600, scale: 2)
    ads.update(hostTime: 1.0 / 60)
    ads.draw(on: pixels)
    let frame = pixels.takeFrame()
    #expect(
      (frame.width, frame.height) == (1600, 1200) && frame.dirty == PixelRect(x: 0, y: 0, width: 1600, height: 1200))
    #expect(pixels.size == Size(width: 800, height: 600) && pixels.scale == 2)
    #expect(throws: PixelCanvas.SizeError.self) { try pixels.resize(width: 800, height: 600, scale: .nan) }
    #expect(throws: PixelCanvas.SizeError.self) { try pixels.resize(width: 0, height: 600, scale: 1) }
    #expect(throws: PixelCanvas.SizeError.self) { try pixels.resize(width: 9000, height: 600, scale: 2) }
    #expect(pixels.size == Size(width: 800, height: 600), "a refused resize changes nothing")
  }

  /// Translucent drawing over transparent pixels leaves premultiplied colour: a fill of half
  /// alpha holds half its colour, and a second one over it adds as (ONE, ONE_MINUS_SRC_ALPHA).
  @Test func translucentDrawingIsPremultiplied() throws {
    let pixels = try PixelCanvas(width: 100, height: 100)
    let colour = Color(red: 200, green: 100, blue: 50, alpha: 128)
    pixels.drawFrame { canvas in
      canvas.drawOverlay {
        canvas.fill(Rect(x: 10, y: 10, width: 20, height: 20), color: colour)
        canvas.fill(Rect(x: 20, y: 10, width: 20, height: 20), color: colour)
      }
    }
    let frame = pixels.takeFrame()
    func near(_ pixel: [UInt8], _ expected: [Int]) -> Bool {
      zip(pixel, expected).allSatisfy { abs(Int($0) - $1) <= 1 }
    }
    #expect(near(Self.pixel(frame, 15, 15), [100, 50, 25, 128]), "\(Self.pixel(frame, 15, 15))")
    // Over it: colour·a + below·(1 − a), alpha a + alphaBelow·(1 − a).
    #expect(near(Self.pixel(frame, 25, 15), [150, 75, 37, 192]), "\(Self.pixel(frame, 25, 15))")
    #expect(Self.pixel(frame, 50, 50) == [0, 0, 0, 0])
  }

  /// The game's own colour under the overlay, in both pictures.
  static let game = Color(red: 10, green: 200, blue: 10)

  /// Runs the same overlay on an SDL window's software renderer, over the game's colour, and into
  /// pixels, for `frames` frames at 60 fps with `input` given to both at their frames, then
  /// composites the pixels over the game's colour as a game would (ONE, ONE_MINUS_SRC_ALPHA) and
  /// counts the pixels that differ by more than 2 in a channel.
  func differingPixels(frames: Int, input: [Int: [InputEvent]] = [:], check: (AdOverlay) -> Void = { _ in }) throws
    -> (differing: Int, total: Int)
  {
    let stack = try BackendFixtures.Stack(width: Int(Self.width), height: Int(Self.height))
    let pixels = try PixelCanvas(width: Self.width, height: Self.height, fontPath: BackendFixtures.font)
    let onWindow = try Self.overlay()
    let onPixels = try Self.overlay()
    defer {
      onWindow.stopWorkers()
      onPixels.stopWorkers()
    }
    for frame in 0..<frames {
      let time = Double(frame) / 60
      for event in input[frame] ?? [] {
        _ = onWindow.handle(event)
        _ = onPixels.handle(event)
      }
      onWindow.update(hostTime: time)
      stack.canvas.clear(Self.game)
      onWindow.draw(on: stack.canvas)
      onPixels.update(hostTime: time)
      onPixels.draw(on: pixels)
    }
    check(onPixels)
    let window = try stack.canvas.readPixels()
    let frame = pixels.takeFrame()
    let under = [Int(Self.game.red), Int(Self.game.green), Int(Self.game.blue)]
    var differing = 0
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let drawn = Self.pixel(frame, x, y).map(Int.init)
        let shown = window.pixel(x: x, y: y)
        let composite = (0..<3).map { drawn[$0] + (under[$0] * (255 - drawn[3]) + 127) / 255 }
        let channels = [Int(shown.red), Int(shown.green), Int(shown.blue)]
        if zip(channels, composite).contains(where: { abs($0 - $1) > 2 }) { differing += 1 }
      }
    }
    return (differing, frame.width * frame.height)
  }

  /// The banner drawn on an SDL renderer and into pixels: at most 0.5 % of the pixels differ.
  @Test func theBannersPixelsShowWhatTheSDLRendererShows() throws {
    let (differing, total) = try differingPixels(frames: 120) { ads in #expect(ads.bottomInset == 90) }
    #expect(Double(differing) <= 0.005 * Double(total), "\(differing) pixels differ")
  }

  /// The in-app ad view, over the whole window with its translucent parts, the same way.
  @Test func theAdViewsPixelsShowWhatTheSDLRendererShows() throws {
    let click = Point(x: 480, y: 595)
    let (differing, total) = try differingPixels(
      frames: 150, input: [100: [.pointerDown(click), .pointerUp(click)]]
    ) { ads in #expect(ads.isAdViewOpen) }
    #expect(Double(differing) <= 0.005 * Double(total), "\(differing) pixels differ")
  }
}
