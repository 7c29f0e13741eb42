import IntermissionCore

/// A canvas that draws nothing, on which an ad's drawing is rehearsed away from the loop: each line
/// of text it is given is laid out and rasterised by the real canvas's `TextEngine`, exactly as the
/// real canvas would when it draws the same call (the same cut for a truncated line, the same
/// wrapping), and kept there for the real canvas to take.
final class TextRehearsalCanvas: Canvas {
  private let engine: TextEngine
  private let scale: (x: Double, y: Double)
  let size: Size

  init(engine: TextEngine, size: Size, scale: (x: Double, y: Double)) {
    self.engine = engine
    self.size = size
    self.scale = scale
  }

  var pixelsPerPoint: Double { scale.y }

  func clear(_ color: Color) {}
  func fill(_ rect: Rect, color: Color) {}
  func outline(_ rect: Rect, color: Color, thickness: Double) {}
  func drawImage(_ image: ImageHandle, in rect: Rect, opacity: Double) {}
  func setClip(_ rect: Rect?) {}
  func upload(_ image: any DecodedImage) -> ImageHandle? { nil }
  func discard(_ image: ImageHandle) {}

  func drawText(_ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment) {
    drawText(text, style: style, color: color, in: rect, alignment: alignment, language: nil, truncating: false)
  }

  /// Prepares the line `SDLCanvas.drawText` would draw: the text, and its cut when it is too wide.
  func drawText(
    _ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment, language: String?,
    truncating: Bool
  ) {
    let line = engine.line(text, style: style, language: language)
    guard let drawn = engine.prepare(line) else { return }
    guard truncating, Double(drawn.width) > rect.width * scale.x else { return }
    let fitted = engine.fitted(line, width: rect.width, on: .rehearsal)
    if !fitted.isEmpty { engine.prepare(TextEngine.Line(text: fitted, style: style, language: line.language)) }
  }

  func measureText(_ text: String, style: TextStyle) -> Size {
    measureText(text, style: style, language: nil)
  }

  func measureText(_ text: String, style: TextStyle, language: String?) -> Size {
    let measured = engine.measure(engine.line(text, style: style, language: language), on: .rehearsal)
    return Size(width: Double(measured.width) / scale.x, height: Double(measured.height) / scale.y)
  }

  func wrapText(_ text: String, style: TextStyle, width: Double, maxLines: Int, language: String?) -> [String] {
    engine.wrapped(
      engine.line(text, style: style, language: language), width: width, maxLines: maxLines, on: .rehearsal)
  }
}
