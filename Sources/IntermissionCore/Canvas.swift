/// A surface that scenes and overlays draw on, in window coordinates.
///
/// The SDL backend implements it with a renderer; tests and benchmarks use a canvas that records
/// or discards. Text is rasterised once per string and style and cached by the implementation, so
/// drawing the same label every frame costs a texture copy, not a rasterisation.
public protocol Canvas: AnyObject {
  /// The drawable area in window coordinates.
  var size: Size { get }

  /// Output pixels per window point: 1 normally, 2 on a 2x HiDPI display. The default is 1.
  var pixelsPerPoint: Double { get }

  /// Replaces everything in the drawable area with `color`: one full-window operation, no blending.
  func clear(_ color: Color)

  /// Fills `rect` with `color`, blending by its alpha.
  func fill(_ rect: Rect, color: Color)

  /// Draws the border of `rect`, `thickness` wide, inside the rectangle.
  func outline(_ rect: Rect, color: Color, thickness: Double)

  /// Draws `text` in `rect`, vertically centred and horizontally placed by `alignment`.
  func drawText(_ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment)

  /// The size `text` takes when drawn in `style`.
  func measureText(_ text: String, style: TextStyle) -> Size

  /// Draws `text`, written in `language` (a BCP 47 tag such as "ja"; nil for the game's), in
  /// `rect`: the language picks the fonts (Japanese and Chinese Han differ). With `truncating`,
  /// text wider than `rect` is cut with "…" between grapheme clusters. The default ignores both.
  func drawText(
    _ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment, language: String?,
    truncating: Bool)

  /// `text`, written in `language`, in at most `maxLines` lines no wider than `width` in `style`:
  /// broken where the language allows (UAX #14), the last line ending in "…" when text is left
  /// over. The default breaks at spaces.
  func wrapText(_ text: String, style: TextStyle, width: Double, maxLines: Int, language: String?) -> [String]

  /// The size `text`, written in `language`, takes when drawn in `style`. The default ignores it.
  func measureText(_ text: String, style: TextStyle, language: String?) -> Size

  /// Makes the font files at `paths` the first tried for all text, before the canvas's own (a
  /// game's `AdOverlay.Configuration.fonts`); the same paths again change nothing.
  /// - Returns: the paths that do not open as fonts (left out), the first time they are given.
  ///   The default takes none and refuses none.
  func preferFonts(_ paths: [String]) -> [String]

  /// The characters that no font had in the text drawn since the last call (each text is
  /// rasterised once, so each is told once), left out of that text. The default has none.
  func takeMissingGlyphs() -> [Unicode.Scalar]

  /// The engine that prepares this canvas's text off the loop (`TextPreparer`); nil (the default)
  /// for a canvas that draws its text itself.
  var textPreparer: (any TextPreparer)? { get }

  /// Draws an uploaded image scaled into `rect` with the given opacity (0...1).
  func drawImage(_ image: ImageHandle, in rect: Rect, opacity: Double)

  /// Restricts drawing to `rect`, or lifts the restriction with `nil`.
  func setClip(_ rect: Rect?)

  /// Uploads a decoded image so it can be drawn; nil if this canvas cannot take it.
  func upload(_ image: any DecodedImage) -> ImageHandle?

  /// Frees an uploaded image.
  func discard(_ image: ImageHandle)

  /// Replaces the pixels of `image`, uploaded from a `YUVImage` of the same size, with `frame`'s: a
  /// video's next frame, uploaded into the same texture. The default cannot (false).
  /// - Returns: whether the image now shows `frame`.
  func updateVideoImage(_ image: ImageHandle, with frame: YUVImage) -> Bool

  /// Runs `draw` so that it lands in a scene layer that is kept between frames, to be drawn again
  /// with `drawSceneLayer()` while the scene is not redrawn. The default draws directly.
  func drawIntoSceneLayer(_ draw: () -> Void)

  /// Draws the kept scene layer. The default does nothing.
  func drawSceneLayer()

  /// Draws the scene (`draw`) into the scene layer and the layer out, where nothing shows, so that a
  /// GPU driver that compiles its drawing code at first use does it now, in the first frame that
  /// draws a running scene, instead of at the first pause. The director calls it once, before that
  /// frame's own drawing (a director held from its launch calls it when it first runs). The layer
  /// made for it is kept (a texture of the window's size). The default does nothing.
  func warmUpSceneLayer(_ draw: () -> Void)

  /// Runs `draw`, which draws an overlay, so that whatever state the canvas's target keeps for the
  /// game (a renderer's draw colour, blend mode, scale and clip) is as it was afterwards, and the
  /// canvas's `size` is the window's as it is now. The default draws directly.
  func drawOverlay(_ draw: () -> Void)
}

extension Canvas {
  public var pixelsPerPoint: Double { 1 }
  public func drawIntoSceneLayer(_ draw: () -> Void) { draw() }
  public func drawSceneLayer() {}
  public func warmUpSceneLayer(_ draw: () -> Void) {}
  public func drawOverlay(_ draw: () -> Void) { draw() }
  public func updateVideoImage(_ image: ImageHandle, with frame: YUVImage) -> Bool { false }
  public func drawText(
    _ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment, language: String?,
    truncating: Bool
  ) {
    drawText(text, style: style, color: color, in: rect, alignment: alignment)
  }

  public func wrapText(_ text: String, style: TextStyle, width: Double, maxLines: Int, language: String?) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if measureText(candidate, style: style).width <= width || current.isEmpty {
        current = candidate
      } else {
        lines.append(current)
        current = String(word)
        if lines.count == maxLines { break }
      }
    }
    if lines.count < maxLines, !current.isEmpty {
      lines.append(current)
    } else if lines.count == maxLines, maxLines > 0 {
      lines[maxLines - 1] += "…"
    }
    return lines
  }
  public func measureText(_ text: String, style: TextStyle, language: String?) -> Size {
    measureText(text, style: style)
  }
  public func takeMissingGlyphs() -> [Unicode.Scalar] { [] }
  public func preferFonts(_ paths: [String]) -> [String] { [] }
}
