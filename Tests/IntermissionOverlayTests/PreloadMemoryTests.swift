import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionTestSupport
import Testing

/// Decodes as `SignatureDecoder` does, and remembers every image it made, weakly, so that a test can
/// tell which of them are still kept by anyone.
final class WatchingDecoder: ImageDecoder {
  private struct Watched {
    weak var image: FakeImage?
    let size: Size
  }

  private let decoded = Locked<[Watched]>([])
  let maximumFileSize = 16 << 20

  func decodeImage(atPath path: String) throws -> any DecodedImage {
    try watch(SignatureDecoder().decodeImage(atPath: path))
  }

  func decodeImage(bytes: [UInt8]) throws -> any DecodedImage {
    try watch(SignatureDecoder().decodeImage(bytes: bytes))
  }

  private func watch(_ image: any DecodedImage) -> any DecodedImage {
    if let fake = image as? FakeImage {
      decoded.withLock {
        $0.append(Watched(image: fake, size: Size(width: Double(fake.pixelWidth), height: Double(fake.pixelHeight))))
      }
    }
    return image
  }

  /// How many images of `size` were decoded, and how many of them are still alive.
  func count(of size: Size) -> (decoded: Int, alive: Int) {
    decoded.withLock { watched in
      let matching = watched.filter { $0.size == size }
      return (matching.count, matching.filter { $0.image != nil }.count)
    }
  }
}

@Suite("Memory of preloaded ads")
struct PreloadMemoryTests {
  static let fullscreen = Size(width: 1280, height: 720)

  /// Once the canvas has a preloaded full-screen creative, its decoded copy is let go: nothing in
  /// the overlay keeps it beside the canvas's own, however long the ad waits for its show, and
  /// the show still starts at once from the uploaded image.
  @Test func aPreloadedCreativeIsKeptOnlyByTheCanvasOnceUploaded() throws {
    let decoder = WatchingDecoder()
    let harness = try OverlayHarness(
      folder: AdFolder.withFullscreen(), latency: 0, decoder: decoder
    ) { $0.pacing.sessionStartDelay = 0 }
    harness.run(until: 3)
    #expect(harness.overlay.fullscreen.isReady(.interstitial))
    #expect(harness.overlay.fullscreen.isReady(.rewarded))
    let preloaded = decoder.count(of: PreloadMemoryTests.fullscreen)
    #expect(preloaded.decoded == 2, "one interstitial and one rewarded ad decoded")
    #expect(preloaded.alive == 0, "\(preloaded.alive) decoded full-screen images kept after their upload")
    #expect(decoder.count(of: Size(width: 728, height: 90)).alive == 0, "nor the banner's")

    let uploads = harness.canvas.operations.count
    #expect(harness.overlay.fullscreen.showInterstitial(placement: "level-end") == nil)
    harness.frame()
    let drawn = harness.canvas.operations[uploads...].filter { $0.hasPrefix("image ") }
    #expect(!drawn.isEmpty, "the interstitial's first frame draws its creative")
  }

  /// A canvas that refuses an upload leaves the decoded image with its slot, which fails the ad as
  /// before (an image the canvas cannot take), rather than losing it unnoticed.
  @Test func aCreativeTheCanvasRefusesIsNotLetGoUnnoticed() throws {
    let decoder = WatchingDecoder()
    let harness = try OverlayHarness(
      folder: AdFolder.withFullscreen(), latency: 0, decoder: decoder
    ) { $0.pacing.sessionStartDelay = 0 }
    harness.canvas.refusesUploads = true
    harness.run(until: 1)
    #expect(!harness.overlay.fullscreen.isReady(.interstitial))
    #expect(harness.lines(containing: "the canvas refused it").count == 2)
  }
}
