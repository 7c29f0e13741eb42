import IntermissionCore

/// A `PixelCanvas`'s pixels as its last drawing left them: premultiplied RGBA, 8 bits a channel,
/// bytes in the order R, G, B, A (OpenGL's `GL_RGBA` with `GL_UNSIGNED_BYTE`, raylib's
/// `PIXELFORMAT_UNCOMPRESSED_R8G8B8A8`, LÖVE's `rgba8`), to be blended with (ONE,
/// ONE_MINUS_SRC_ALPHA).
public struct PixelFrame {
  /// The first byte of the top row.
  public let pixels: UnsafeRawPointer
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// The bytes from one row to the next.
  public let pitch: Int
  /// The pixels that changed since the frame was last taken (the whole surface the first time,
  /// and after a resize; empty when nothing did): all that needs uploading.
  public let dirty: PixelRect
}
