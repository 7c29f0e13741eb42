import IntermissionCore
import IntermissionSDL
import IntermissionTestSupport
import Testing

extension BackendTests {
  /// A bought image is scaled on the loader's worker to what its format shows: aspect kept, the
  /// colours kept, and an image that fits left as it is.
  @Test func aLargeImageIsFittedWithinALimitAndASmallOneIsLeftAlone() throws {
    let large = try Surface(width: 1280, height: 720)
    let fitted = large.fitted(within: Size(width: 640, height: 640))
    #expect(fitted.pixelWidth == 640 && fitted.pixelHeight == 360)
    let tall = try Surface(width: 500, height: 2000).fitted(within: Size(width: 640, height: 640))
    #expect(tall.pixelWidth == 160 && tall.pixelHeight == 640)
    let small = try Surface(width: 320, height: 180)
    #expect(small.fitted(within: Size(width: 640, height: 640)) === small, "no copy when it fits")
    let decoded = try SDLImageDecoder().decodeImage(
      atPath: ProgramRunner.root.appendingPathComponent("Assets/ads/break-interstitial.png").path)
    let fittable = try #require(decoded as? any FittableImage)
    let thumbnail = try #require(fittable.fitted(within: Size(width: 640, height: 640)) as? Surface)
    #expect(thumbnail.width == 640 && thumbnail.height == 360)
    let original = try #require(decoded as? Surface)
    // The same picture: a corner's colour survives the scaling.
    let before = original.pixel(x: 20, y: 20)
    let after = thumbnail.pixel(x: 10, y: 10)
    #expect(abs(Int(before.red) - Int(after.red)) <= 8 && abs(Int(before.blue) - Int(after.blue)) <= 8)
  }
}
