import CSDL2
import IntermissionCore
import IntermissionText

/// A `Canvas` on an SDL renderer, in window coordinates scaled to the output's pixels (HiDPI).
///
/// Text is rasterised once per string, style and language, then drawn from a cached texture tinted
/// to the requested colour. It is drawn in every language: the canvas's font files first, then
/// fontconfig's faces for the text's language and for each character those lack (`FontChain`),
/// in runs shaped by HarfBuzz and ordered by the Unicode Bidirectional Algorithm
/// (`TextRasteriser`). While the director is stopped, the scene is drawn once into a layer texture
/// that is kept, so its last frame stays on screen under the overlays.
public final class SDLCanvas: Canvas {
  /// The renderer drawn with.
  public let renderer: Renderer
  /// Its claim on the thread that draws through SDL.
  private let claim: SDLThreadClaim
  let window: Window
  private var fontChains: [ChainKey: FontChain] = [:]
  private let fontPaths: [String]
  /// The game's font files, tried before `fontPaths` (`preferFonts(_:)`), and the paths it asked for.
  private var preferredFonts: [String] = []
  private var requestedFonts: [String] = []
  private let fontLookup: FontLookup?
  private let library: FontLibrary
  private var textCache: [TextKey: Texture] = [:]
  /// Characters no font had in the text rasterised since the last `takeMissingGlyphs()`.
  private var missingGlyphs: [Unicode.Scalar] = []
  /// The language of text drawn without one of its own (a BCP 47 tag): the game's.
  public var language = "en"
  /// Each uploaded image, by number (`SDLCanvas+Images.swift`).
  var images: [Int: KeptImage] = [:]
  var nextImageNumber = 1
  private(set) var sceneLayer: Texture?
  private var layerOutput = (width: 0, height: 0)
  private(set) var isDrawingIntoSceneLayer = false
  /// On the software renderer, the pixel format of the window's surface (which it draws into);
  /// nil on a renderer whose textures live on a GPU.
  private(set) var softwareWindowFormat: UInt32?
  /// The window size in points, updated by `updateLayout()`.
  public private(set) var size: Size
  /// Output pixels per window point.
  public private(set) var pixelScale = (x: 1.0, y: 1.0)
  /// Output pixels per window point, as a request for ads gives the view's size (the vertical
  /// scale; SDL scales both axes alike on HiDPI displays).
  public var pixelsPerPoint: Double { pixelScale.y }
  /// The output size in pixels at the last layout.
  var laidOutOutput = (width: 0, height: 0)
  /// How many strings have been rasterised (cache misses), for tests and benchmarks.
  package private(set) var rasterisedTextCount = 0

  private struct TextKey: Hashable {
    let text: String
    let style: TextStyle
    let language: String
  }

  private struct FittedKey: Hashable {
    let text: TextKey
    let width: Double
  }

  private struct WrapKey: Hashable {
    let text: TextKey
    let width: Double
    let maxLines: Int
  }

  /// The most truncations and wrappings kept; past it they start afresh.
  static let layoutCacheLimit = 256
  private var fittedTexts: [FittedKey: String] = [:]
  private var wrappedTexts: [WrapKey: [String]] = [:]

  private struct ChainKey: Hashable {
    let style: TextStyle
    let language: String
  }

  /// Creates a canvas for `window`, drawing with `renderer` and text from the font at `fontPath`
  /// first, then from the system's fonts (fontconfig) for what it lacks.
  /// - Throws: `SDLSession.ConcurrentSessionError` while another thread draws through SDL outside
  ///   any `SDLSession.exclusive` (`SDLThreadClaim`); `SDLError` if the font cannot be opened.
  public convenience init(window: Window, renderer: Renderer, fontPath: String) throws {
    try self.init(window: window, renderer: renderer, fontPaths: [fontPath])
  }

  /// Creates a canvas for `window`, drawing with `renderer`, and text from `fontPaths` in order,
  /// then from the faces `fontLookup` finds.
  /// - Parameters:
  ///   - window: the window drawn in.
  ///   - renderer: its renderer.
  ///   - fontPaths: font files tried first, in order.
  ///   - fontLookup: the fonts to fall back on: the system's by default; nil for `fontPaths` alone.
  /// - Throws: `SDLSession.ConcurrentSessionError` while another thread draws through SDL outside
  ///   any `SDLSession.exclusive` (`SDLThreadClaim`); `SDLError` if no font opens.
  public init(window: Window, renderer: Renderer, fontPaths: [String], fontLookup: FontLookup? = FontLookup.system)
    throws
  {
    claim = try SDLThreadClaim.claim()
    self.window = window
    self.renderer = renderer
    self.fontPaths = fontPaths
    self.fontLookup = fontLookup
    library = window.fonts
    size = window.size
    try updateLayout()
  }

  /// Creates a canvas on a window and renderer the game created (`SDL_Window *`, `SDL_Renderer *`),
  /// borrowing both: it never destroys them, and opens no window of its own.
  /// - Parameters:
  ///   - window: the game's `SDL_Window *`.
  ///   - renderer: the game's `SDL_Renderer *` for that window.
  ///   - fontPath: the font for text; nil takes the system's DejaVu Sans.
  /// - Throws: `SDLSession.ConcurrentSessionError` while another thread draws through SDL outside
  ///   any `SDLSession.exclusive`, or, for a canvas made outside a session, while one holds the
  ///   gate (checked before anything of SDL's is touched); `SDLError` when SDL_ttf or the font
  ///   cannot be opened.
  public convenience init(borrowingWindow window: OpaquePointer, renderer: OpaquePointer, fontPath: String? = nil)
    throws
  {
    let claim = try SDLThreadClaim.claim()
    defer { withExtendedLifetime(claim) {} }
    guard let font = fontPath ?? SystemFont.path else {
      throw SDLError(
        function: "TTF_OpenFont",
        message: "no font given and none found at \(SystemFont.candidates.joined(separator: ", "))")
    }
    let borrowed = try Window(borrowing: window)
    try self.init(window: borrowed, renderer: Renderer(borrowing: renderer, window: borrowed), fontPath: font)
  }

  /// Re-reads the window and output sizes and rescales drawing and fonts to match. The canvas
  /// also does this by itself before it draws an overlay (`drawOverlay(_:)`) whenever the window's
  /// size has changed. On a renderer the canvas owns, the scale is set now; on a game's own
  /// renderer, only while the canvas draws.
  /// - Throws: `SDLError` if a font cannot be reopened at the new scale.
  public func updateLayout() throws {
    size = window.size
    let output = renderer.outputSize
    laidOutOutput = output
    softwareWindowFormat = renderer.isSoftware ? window.surfaceFormat : nil
    let scale = SDLCanvas.pixelScale(window: size, output: output)
    if renderer.ownsPointer { renderer.setScale(x: scale.x, y: scale.y) }
    if fontChains.isEmpty || scale != pixelScale {
      pixelScale = scale
      fontChains.removeAll()
      textCache.removeAll()
      fittedTexts.removeAll()
      wrappedTexts.removeAll()
      // The canvas's own language's fonts open now, so that a font that cannot open is an error here.
      for style in TextStyle.allCases { _ = try chain(style: style, language: language) }
    }
  }

  /// The fonts for `style` in `language`, opened at the first use.
  private func chain(style: TextStyle, language: String) throws -> FontChain {
    let key = ChainKey(style: style, language: language)
    if let known = fontChains[key] { return known }
    let opened = try FontChain(
      library: library, preferred: preferredFonts + fontPaths, lookup: fontLookup, language: language,
      pointSize: Int((style.pointSize * pixelScale.y).rounded()))
    fontChains[key] = opened
    return opened
  }

  /// Output pixels per window point, per axis: 1 normally, 2 on a 2x HiDPI display. Drawing is scaled
  /// by it, so scenes draw, and hit-test mouse events, in window coordinates.
  public static func pixelScale(window: Size, output: (width: Int, height: Int)) -> (x: Double, y: Double) {
    (
      x: window.width > 0 && output.width > 0 ? Double(output.width) / window.width : 1,
      y: window.height > 0 && output.height > 0 ? Double(output.height) / window.height : 1
    )
  }

  /// Converts a point in window coordinates to output pixels.
  public func pixelPoint(_ point: Point) -> (x: Int, y: Int) {
    (Int(point.x * pixelScale.x), Int(point.y * pixelScale.y))
  }

  // MARK: - Frame

  /// Replaces the whole target (the window, or the scene layer while drawing into it) with `color`.
  public func clear(_ color: Color) {
    renderer.setDrawColor(color)
    renderer.clear()
  }

  /// Runs `draw` with the scene layer as the target, creating or resizing the layer as needed.
  /// Falls back to drawing directly on the window if the layer cannot be made.
  public func drawIntoSceneLayer(_ draw: () -> Void) {
    let output = renderer.outputSize
    if sceneLayer == nil || layerOutput != output {
      sceneLayer = try? Texture(targetFor: renderer, width: output.width, height: output.height)
      layerOutput = output
    }
    guard let layer = sceneLayer, (try? renderer.setTarget(layer)) != nil else {
      draw()
      return
    }
    renderer.setScale(x: pixelScale.x, y: pixelScale.y)
    isDrawingIntoSceneLayer = true
    draw()
    isDrawingIntoSceneLayer = false
    renderer.setClip(nil)
    try? renderer.setTarget(nil)
    renderer.setScale(x: pixelScale.x, y: pixelScale.y)
  }

  /// Copies the kept scene layer over the whole window (it is opaque, so nothing needs clearing
  /// first), or clears the window if there is no layer yet.
  public func drawSceneLayer() {
    guard let sceneLayer else {
      clear(Theme.background)
      return
    }
    renderer.copy(sceneLayer, to: Rect(x: 0, y: 0, width: size.width, height: size.height))
  }

  /// Shows the frame.
  public func present() { renderer.present() }

  /// Reads the window's pixels.
  /// - Throws: `SDLError` from `SDL_RenderReadPixels`.
  public func readPixels() throws -> Surface { try renderer.readPixels() }

  // MARK: - Canvas

  public func fill(_ rect: Rect, color: Color) {
    renderer.setDrawColor(color)
    renderer.fill(rect)
  }

  public func outline(_ rect: Rect, color: Color, thickness: Double) {
    renderer.setDrawColor(color)
    let t = min(thickness, rect.width / 2, rect.height / 2)
    renderer.fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: t))
    renderer.fill(Rect(x: rect.minX, y: rect.maxY - t, width: rect.width, height: t))
    renderer.fill(Rect(x: rect.minX, y: rect.minY + t, width: t, height: rect.height - 2 * t))
    renderer.fill(Rect(x: rect.maxX - t, y: rect.minY + t, width: t, height: rect.height - 2 * t))
  }

  public func drawText(_ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment) {
    drawText(text, style: style, color: color, in: rect, alignment: alignment, language: nil, truncating: false)
  }

  /// `text` cut with "…" to `width` points, between grapheme clusters, as measured by shaping
  /// each candidate; kept, so a truncated title is cut once.
  private func fittedText(_ text: String, style: TextStyle, language: String, width: Double) -> String {
    let key = FittedKey(text: TextKey(text: text, style: style, language: language), width: width)
    if let known = fittedTexts[key] { return known }
    let fitted = GraphemeTruncation.truncate(text, toFit: width) {
      self.measureText($0, style: style, language: language).width
    }
    if fittedTexts.count >= SDLCanvas.layoutCacheLimit { fittedTexts.removeAll() }
    fittedTexts[key] = fitted
    return fitted
  }

  public func wrapText(_ text: String, style: TextStyle, width: Double, maxLines: Int, language: String?) -> [String] {
    let language = language ?? self.language
    let key = WrapKey(text: TextKey(text: text, style: style, language: language), width: width, maxLines: maxLines)
    if let known = wrappedTexts[key] { return known }
    let lines = LineBreaker.wrap(text, width: width, maxLines: maxLines, language: language) {
      self.measureText($0, style: style, language: language).width
    }
    if wrappedTexts.count >= SDLCanvas.layoutCacheLimit { wrappedTexts.removeAll() }
    wrappedTexts[key] = lines
    return lines
  }

  public func drawText(
    _ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment, language: String?,
    truncating: Bool
  ) {
    let language = language ?? self.language
    guard var texture = texture(for: text, style: style, language: language) else { return }
    if truncating, Double(texture.width) > rect.width * pixelScale.x {
      let fitted = fittedText(text, style: style, language: language, width: rect.width)
      guard !fitted.isEmpty, let cut = self.texture(for: fitted, style: style, language: language) else { return }
      texture = cut
    }
    let width = Double(texture.width) / pixelScale.x
    let height = Double(texture.height) / pixelScale.y
    let x: Double
    switch alignment {
    case .leading: x = rect.minX
    case .center: x = rect.midX - width / 2
    case .trailing: x = rect.maxX - width
    }
    texture.setModulation(color)
    renderer.copy(
      texture, to: Rect(x: x.rounded(), y: (rect.midY - height / 2).rounded(), width: width, height: height))
  }

  public func measureText(_ text: String, style: TextStyle) -> Size {
    measureText(text, style: style, language: nil)
  }

  /// The size `text` takes in `style`: from the cached texture when it was drawn, else measured by
  /// shaping alone (no texture is made).
  public func measureText(_ text: String, style: TextStyle, language: String?) -> Size {
    let language = language ?? self.language
    if let texture = textCache[TextKey(text: text, style: style, language: language)] {
      return Size(width: Double(texture.width) / pixelScale.x, height: Double(texture.height) / pixelScale.y)
    }
    guard let chain = try? chain(style: style, language: language) else { return .zero }
    let measured = TextRasteriser.measure(text.isEmpty ? " " : text, chain: chain)
    return Size(width: Double(measured.width) / pixelScale.x, height: Double(measured.height) / pixelScale.y)
  }

  /// The face each character of `text` is drawn with in `style` and `language`; nil for a
  /// character that no font has. For tests of the font fallback.
  package func faces(for text: String, style: TextStyle, language: String?) -> [FontFace?] {
    guard let chain = try? chain(style: style, language: language ?? self.language) else { return [] }
    return text.map { chain.font(for: $0).map(chain.face(at:)) }
  }

  public func preferFonts(_ paths: [String]) -> [String] {
    guard paths != requestedFonts else { return [] }
    requestedFonts = paths
    var refused: [String] = []
    preferredFonts = paths.filter { path in
      let opens = (try? Font(library: library, path: path, pointSize: 12)) != nil
      if !opens { refused.append(path) }
      return opens
    }
    fontChains.removeAll()
    textCache.removeAll()
    fittedTexts.removeAll()
    wrappedTexts.removeAll()
    return refused
  }

  public func takeMissingGlyphs() -> [Unicode.Scalar] {
    defer { missingGlyphs.removeAll() }
    return missingGlyphs
  }

  public func setClip(_ rect: Rect?) {
    renderer.setClip(rect)
  }

  private func texture(for text: String, style: TextStyle, language: String) -> Texture? {
    let key = TextKey(text: text, style: style, language: language)
    if let cached = textCache[key] { return cached }
    // TTF renders nothing for an empty string; draw a space instead so the size is meaningful.
    guard let chain = try? chain(style: style, language: language),
      let rendered = try? TextRasteriser.render(text.isEmpty ? " " : text, chain: chain),
      let texture = try? Texture(renderer: renderer, surface: rendered.surface)
    else { return nil }
    for scalar in rendered.missing where !missingGlyphs.contains(scalar) { missingGlyphs.append(scalar) }
    rasterisedTextCount += 1
    textCache[key] = texture
    return texture
  }
}
