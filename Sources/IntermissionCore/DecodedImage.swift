/// An image decoded into memory, ready to be uploaded by a `Canvas`.
public protocol DecodedImage: AnyObject, Sendable {
  /// Width in pixels.
  var pixelWidth: Int { get }
  /// Height in pixels.
  var pixelHeight: Int { get }
}

/// A decoded image that can make a smaller copy of itself, off the loop.
public protocol FittableImage: DecodedImage {
  /// A copy no larger than `size` in pixels, its aspect kept, made where it is called (a loader's
  /// worker), so that no frame uploads or scales a large image; this image itself when it fits.
  func fitted(within size: Size) -> any DecodedImage
}

/// Decodes image files; called off the main loop, so implementations are thread-safe.
package protocol ImageDecoder: Sendable {
  /// Decodes the file at `path`.
  /// - Throws: an error whose description says why the file is not a usable image.
  func decodeImage(atPath path: String) throws -> any DecodedImage

  /// Decodes an image from `bytes` (an image fetched over the network).
  /// - Throws: an error whose description says why the bytes are not a usable image.
  func decodeImage(bytes: [UInt8]) throws -> any DecodedImage

  /// The largest image accepted, in bytes: a download stops as soon as it goes over.
  var maximumFileSize: Int { get }

  /// Judges the first bytes of an image while it downloads, so that a transfer of an image that
  /// would be refused stops at once. The default accepts everything (the decode still checks).
  func inspectHeader(_ prefix: [UInt8]) -> ImageHeaderVerdict
}

extension ImageDecoder {
  package func inspectHeader(_ prefix: [UInt8]) -> ImageHeaderVerdict { .acceptable }
}
