import Foundation
import IntermissionCore
import IntermissionSDL
import IntermissionTestSupport
import Testing

extension BackendTests {
  /// A full-screen creative decoded as a worker decodes it.
  static func decodedInterstitial() throws -> Surface {
    let image = try SDLImageDecoder().decodeImage(
      atPath: ProgramRunner.root.appendingPathComponent("Assets/ads/break-interstitial.png").path)
    return try #require(image as? Surface)
  }

  /// Whether two colours differ by at most `tolerance` in every channel.
  static func isClose(_ a: Color, _ b: Color, tolerance: Int = 6) -> Bool {
    abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
      && abs(Int(a.blue) - Int(b.blue)) <= tolerance
  }

  /// An uploaded image costs one copy: the canvas keeps its texture alone and lets the decoded
  /// surface go, so a preloaded creative is not kept twice.
  @Test func anUploadedImageIsKeptAsItsTextureAloneAndItsSurfaceIsLetGo() throws {
    let stack = try BackendFixtures.Stack(width: 640, height: 360)
    weak var decoded: Surface?
    var handle: ImageHandle?
    try {
      let surface = try BackendTests.decodedInterstitial()
      decoded = surface
      handle = stack.canvas.upload(surface)
    }()
    #expect(handle?.pixelSize == Size(width: 1280, height: 720))
    #expect(decoded == nil, "the canvas must not keep the decoded surface beside its texture")
  }

  /// The one texture is scaled as it is drawn, at any size, with the picture kept: each drawn
  /// size shows the creative's own colours at the same relative places.
  @Test func anImageIsScaledAsItIsDrawnAtEverySize() throws {
    let stack = try BackendFixtures.Stack(width: 640, height: 360)
    let surface = try BackendTests.decodedInterstitial()
    #expect(surface.isOpaque, "an RGB PNG is opaque")
    // Places where the creative is flat over the 8 pixels that the smallest size averages into
    // one (away from its text and its stars' trails), so that every size must show its colour there.
    let grid = (1..<10).flatMap { x in (1..<10).map { y in (x: Double(x) / 10, y: Double(y) / 10) } }
    let samples = grid.filter { sample in
      let centre = surface.pixel(x: Int(sample.x * 1280), y: Int(sample.y * 720))
      let offsets = stride(from: -10, through: 10, by: 2)
      return offsets.allSatisfy { dx in
        offsets.allSatisfy { dy in
          let near = surface.pixel(x: Int(sample.x * 1280) + dx, y: Int(sample.y * 720) + dy)
          return BackendTests.isClose(near, centre, tolerance: 3)
        }
      }
    }
    #expect(samples.count >= 20, "\(samples.count) flat places")
    let expected = samples.map { surface.pixel(x: Int($0.x * 1280), y: Int($0.y * 720)) }
    let handle = try #require(stack.canvas.upload(surface))
    for size in [Size(width: 640, height: 360), Size(width: 320, height: 180), Size(width: 160, height: 90)] {
      stack.canvas.clear(Color(red: 255, green: 0, blue: 255))
      stack.canvas.drawImage(handle, in: Rect(x: 0, y: 0, width: size.width, height: size.height), opacity: 1)
      let pixels = try stack.canvas.readPixels()
      for (sample, colour) in zip(samples, expected) {
        let drawn = pixels.pixel(x: Int(sample.x * size.width), y: Int(sample.y * size.height))
        #expect(BackendTests.isClose(drawn, colour), "at \(size): \(drawn) where the creative has \(colour)")
      }
    }
  }

  /// Drawing an opaque image without blending at full opacity does not stop it fading, and an
  /// image with transparency is still blended over what is beneath it.
  @Test func aFadingImageIsBlendedAndATransparentOneLeavesWhatIsBeneath() throws {
    let stack = try BackendFixtures.Stack(width: 320, height: 180)
    let surface = try BackendTests.decodedInterstitial()
    let corner = surface.pixel(x: 640, y: 360)
    let handle = try #require(stack.canvas.upload(surface))
    let white = Color(red: 255, green: 255, blue: 255)
    stack.canvas.clear(white)
    stack.canvas.drawImage(handle, in: Rect(x: 0, y: 0, width: 320, height: 180), opacity: 0.5)
    let faded = try stack.canvas.readPixels().pixel(x: 160, y: 90)
    let halfway = Color(
      red: UInt8((Int(corner.red) + 255) / 2), green: UInt8((Int(corner.green) + 255) / 2),
      blue: UInt8((Int(corner.blue) + 255) / 2))
    #expect(BackendTests.isClose(faded, halfway, tolerance: 12), "\(faded) should be halfway to \(corner)")

    let transparent = try Surface(width: 64, height: 64)  // every pixel clear
    #expect(!transparent.isOpaque)
    let clear = try #require(stack.canvas.upload(transparent))
    stack.canvas.clear(white)
    stack.canvas.drawImage(clear, in: Rect(x: 0, y: 0, width: 320, height: 180), opacity: 1)
    #expect(try stack.canvas.readPixels().pixel(x: 160, y: 90) == white)
  }
}
