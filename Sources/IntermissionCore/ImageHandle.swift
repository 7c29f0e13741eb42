/// An image that a canvas has uploaded and can draw, by number.
public struct ImageHandle: Hashable, Sendable {
  /// The canvas's number for the image.
  public let rawValue: Int
  /// The image's size in pixels.
  public let pixelSize: Size

  /// Creates a handle; only canvas implementations mint them.
  public init(rawValue: Int, pixelSize: Size) {
    self.rawValue = rawValue
    self.pixelSize = pixelSize
  }
}
