import IntermissionCore

/// A canvas that draws nothing: the core's cost without a renderer.
final class NullCanvas: Canvas {
  let size: Size
  private(set) var operations = 0

  init(size: Size) {
    self.size = size
  }

  func clear(_ color: Color) { operations &+= 1 }
  func fill(_ rect: Rect, color: Color) { operations &+= 1 }
  func outline(_ rect: Rect, color: Color, thickness: Double) { operations &+= 1 }
  func drawText(_ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment) {
    operations &+= 1
  }
  func measureText(_ text: String, style: TextStyle) -> Size { Size(width: 10, height: 10) }
  func drawImage(_ image: ImageHandle, in rect: Rect, opacity: Double) { operations &+= 1 }
  func setClip(_ rect: Rect?) {}
  func upload(_ image: any DecodedImage) -> ImageHandle? {
    ImageHandle(rawValue: 1, pixelSize: Size(width: Double(image.pixelWidth), height: Double(image.pixelHeight)))
  }
  func discard(_ image: ImageHandle) {}
}
