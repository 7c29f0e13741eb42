/// An image decoded into memory, ready to be uploaded by a `Canvas`.
public protocol DecodedImage: AnyObject, Sendable {
  /// Width in pixels.
  var pixelWidth: Int { get }
  /// Height in pixels.
  var pixelHeight: Int { get }
}

/// Decodes image files; called off the main loop, so implementations are thread-safe.
public protocol ImageDecoder: Sendable {
  /// Decodes the file at `path`.
  /// - Throws: an error whose description says why the file is not a usable image.
  func decodeImage(atPath path: String) throws -> any DecodedImage
}
