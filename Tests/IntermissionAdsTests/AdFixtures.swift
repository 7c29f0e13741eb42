import Foundation
import IntermissionAds
import IntermissionCore

/// A decoded image that is only a size.
final class FakeImage: DecodedImage, @unchecked Sendable {
  let pixelWidth = 728
  let pixelHeight = 90
}

/// Decodes a file as an image when it starts with the PNG signature, as a stand-in for SDL_image
/// in tests without SDL; anything else is "corrupt".
struct SignatureDecoder: ImageDecoder {
  struct NotPNG: Error, CustomStringConvertible {
    var description: String { "not a PNG file" }
  }

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  let maximumFileSize = 16 << 20

  func decodeImage(atPath path: String) throws -> any DecodedImage {
    guard let data = FileManager.default.contents(atPath: path) else { throw NotPNG() }
    return try decodeImage(bytes: Array(data))
  }

  func decodeImage(bytes: [UInt8]) throws -> any DecodedImage {
    guard Array(bytes.prefix(8)) == SignatureDecoder.signature else { throw NotPNG() }
    return FakeImage()
  }
}

/// A temporary folder with a manifest and images, removed on deinit.
final class AdFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("intermission-ads-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  var manifestPath: String { url.appendingPathComponent("manifest.json").path }

  func writePNG(_ name: String) throws {
    let path = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(SignatureDecoder.signature + [0, 0, 0, 0]).write(to: path)
  }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
  }

  func writeManifest(_ text: String) throws { try write("manifest.json", text) }

  /// A manifest with ads `a` (in-app), `b` (in-app) and `c` (open-url), all images present.
  static func standard() throws -> AdFolder {
    let folder = try AdFolder()
    for name in ["a.png", "b.png", "c.png"] { try folder.writePNG(name) }
    try rewriteStandardManifest(folder)
    return folder
  }

  /// Writes the standard manifest into `folder`.
  static func rewriteStandardManifest(_ folder: AdFolder) throws {
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
final class RecordingURLOpener: URLOpener {
  var opened: [String] = []
  var accepts = true
  var opensNothing = false
  func open(_ url: String) -> Bool {
    opened.append(url)
    return accepts
  }
  var failureReason: String? { accepts ? nil : "no browser here" }
}
