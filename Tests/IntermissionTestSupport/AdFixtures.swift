import Foundation
import IntermissionAds
import IntermissionCore

/// A decoded image that is only a size: 728×90 unless its file says otherwise.
package final class FakeImage: DecodedImage, @unchecked Sendable {
  package let pixelWidth: Int
  package let pixelHeight: Int
  package init(width: Int = 728, height: Int = 90) {
    pixelWidth = width
    pixelHeight = height
  }
}

/// Decodes a file as an image when it starts with the PNG signature, as a stand-in for SDL_image
/// in tests without SDL; anything else is "corrupt".
package struct SignatureDecoder: ImageDecoder {
  package struct NotPNG: Error, CustomStringConvertible {
    package var description: String { "not a PNG file" }
  }

  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  package let maximumFileSize = 16 << 20

  package init() {}

  package func decodeImage(atPath path: String) throws -> any DecodedImage {
    guard let data = FileManager.default.contents(atPath: path) else { throw NotPNG() }
    return try decodeImage(bytes: Array(data))
  }

  package func decodeImage(bytes: [UInt8]) throws -> any DecodedImage {
    guard Array(bytes.prefix(8)) == SignatureDecoder.signature else { throw NotPNG() }
    // Bytes 8 to 11: the width and height, big-endian, when not zero (`AdFolder.writePNG`).
    if bytes.count >= 12 {
      let width = Int(bytes[8]) << 8 | Int(bytes[9])
      let height = Int(bytes[10]) << 8 | Int(bytes[11])
      if width > 0, height > 0 { return FakeImage(width: width, height: height) }
    }
    return FakeImage()
  }
}

/// A temporary folder with a manifest and images, removed on deinit.
package final class AdFolder {
  package let url: URL

  package init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("intermission-ads-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  package var manifestPath: String { url.appendingPathComponent("manifest.json").path }

  package func writePNG(_ name: String, width: Int = 0, height: Int = 0) throws {
    let path = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
    let size = [UInt8(width >> 8), UInt8(width & 255), UInt8(height >> 8), UInt8(height & 255)]
    try Data(SignatureDecoder.signature + size).write(to: path)
  }

  package func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
  }

  package func writeManifest(_ text: String) throws { try write("manifest.json", text) }

  /// A manifest with ads `a` (in-app), `b` (in-app) and `c` (open-url), all images present.
  package static func standard() throws -> AdFolder {
    let folder = try AdFolder()
    for name in ["a.png", "b.png", "c.png"] { try folder.writePNG(name) }
    try rewriteStandardManifest(folder)
    return folder
  }

  /// The standard banners, plus a 1280×720 interstitial `i` (closeAfter 5) and a 1280×720
  /// rewarded ad `r` (50 coins after 15 s, landing page), with tracking URLs on `r`.
  package static func withFullscreen(closeAfter: Double = 5, rewardAfter: Double = 15) throws -> AdFolder {
    let folder = try AdFolder()
    for name in ["a.png", "b.png", "c.png"] { try folder.writePNG(name) }
    try folder.writePNG("i.png", width: 1280, height: 720)
    try folder.writePNG("r.png", width: 1280, height: 720)
    try folder.writeManifest(
      """
      { "ads": [
        { "id": "a", "image": "a.png", "title": "Ad A", "action": "in-app" },
        { "id": "b", "image": "b.png", "title": "Ad B", "action": "in-app" },
        { "id": "i", "image": "i.png", "title": "Interstitial I", "action": "in-app",
          "url": "https://example.com/i", "format": "interstitial", "closeAfter": \(closeAfter) },
        { "id": "r", "image": "r.png", "title": "Rewarded R", "action": "in-app", "url": "https://example.com/r",
          "format": "rewarded", "reward": {"type": "coins", "amount": 50}, "rewardAfter": \(rewardAfter),
          "impressionURL": "https://t.example.com/imp", "rewardURL": "https://t.example.com/reward?k=1" }
      ] }
      """)
    return folder
  }

  /// Writes the standard manifest into `folder`.
  package static func rewriteStandardManifest(_ folder: AdFolder) throws {
    try folder.writeManifest(
      """
      { "ads": [
        { "id": "a", "image": "a.png", "title": "Ad A", "action": "in-app" },
        { "id": "b", "image": "b.png", "title": "Ad B", "action": "in-app" },
        { "id": "c", "image": "c.png", "title": "Ad C", "action": "open-url", "url": "https://example.com/c" }
      ] }
      """)
  }
}

/// Records the URLs it was asked to open.
package final class RecordingURLOpener: URLOpener {
  package var opened: [String] = []
  package var accepts = true
  package var opensNothing = false
  package init() {}
  package func open(_ url: String) -> Bool {
    opened.append(url)
    return accepts
  }
  package var failureReason: String? { accepts ? nil : "no browser here" }
}
