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
  package let renderer: Renderer
  /// Its claim on the thread that draws through SDL.
  private let claim: SDLThreadClaim
  /// What it draws on: a window, or pixels of its own (`PixelTarget`).
  let target: any CanvasTarget
  /// Its text: fonts, layout and rasterisation, from any thread (`TextEngine`).
  let textEngine: TextEngine
  /// The font files the game asked for last (`preferFonts(_:)`).
  var requestedFonts: [String] = []
  /// Each line's textures: white, tinted as it is drawn, and its emoji in their own colours.
  var textCache: [TextEngine.Line: LineTextures] = [:]
  /// Characters no font had in the text rasterised since the last `takeMissingGlyphs()`.
  var missingGlyphs: [Unicode.Scalar] = []
  /// The language of text drawn without one of its own (a BCP 47 tag): the game's.
  /// The engine has it too, for its rehearsals; the canvas's copy is read without a lock.
  public var language = "en" {
    didSet { textEngine.language = language }
  }
  /// Each uploaded image, by number (`SDLCanvas+Images.swift`).
  var images: [Int: KeptImage] = [:]
  var nextImageNumber = 1
  private(set) var sceneLayer: Texture?
  /// Whether the scene layer was made (for tests).
  package var hasSceneLayer: Bool { sceneLayer != nil }
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
  /// Whether the text engine was laid out at the canvas's scale.
  private var isTextLaidOut = false
  /// The output size in pixels at the last layout.
  var laidOutOutput = (width: 0, height: 0)
  /// How many lines have become textures (cache misses), for tests and benchmarks.
  package internal(set) var rasterisedTextCount = 0

  struct FittedKey: Hashable {
    let line: TextEngine.Line
    let width: Double
  }

  struct WrapKey: Hashable {
    let line: TextEngine.Line
    let width: Double
    let maxLines: Int
  }

  /// The most truncations and wrappings kept in front of the engine's; past it they start afresh.
  static let layoutCacheLimit = TextEngine.cacheLimit
  /// The engine's answers, kept here too, so that a frame that draws them asks no lock.
  var fittedTexts: [FittedKey: String] = [:]
  var wrappedTexts: [WrapKey: [String]] = [:]

  /// Creates a canvas for `window`, drawing with `renderer` and text from the font at `fontPath`
  /// first, then from the system's fonts (fontconfig) for what it lacks.
  /// - Throws: `SDLSession.ConcurrentSessionError` while another thread draws through SDL outside
  ///   any `SDLSession.exclusive` (`SDLThreadClaim`); `SDLError` if the font cannot be opened.
  package convenience init(window: Window, renderer: Renderer, fontPath: String) throws {
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
  package convenience init(
    window: Window, renderer: Renderer, fontPaths: [String], fontLookup: FontLookup? = FontLookup.system
  ) throws {
    try self.init(target: window, renderer: renderer, fontPaths: fontPaths, fontLookup: fontLookup)
  }

  /// Creates a canvas drawing on `target` with `renderer` (see `init(window:renderer:fontPaths:fontLookup:)`).
  package init(target: any CanvasTarget, renderer: Renderer, fontPaths: [String], fontLookup: FontLookup?) throws {
    claim = try SDLThreadClaim.claim()
    self.target = target
    self.renderer = renderer
    textEngine = TextEngine(library: target.fonts, fontPaths: fontPaths, lookup: fontLookup)
    size = target.size
    try updateLayout()
    // Where no frame is visible yet: a video ad's first frames would otherwise pay for it.
    renderer.warmUpDrawing()
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
  package func updateLayout() throws {
    size = target.size
    let output = target.outputSize(of: renderer)
    laidOutOutput = output
    softwareWindowFormat = target.softwareFormat(of: renderer)
    let scale = SDLCanvas.pixelScale(window: size, output: output)
    if renderer.ownsPointer { renderer.setScale(x: scale.x, y: scale.y) }
    if !isTextLaidOut || scale != pixelScale {
      pixelScale = scale
      try resetText(preferred: nil)
      isTextLaidOut = true
    }
  }

  /// Output pixels per window point, per axis: 1 normally, 2 on a 2x HiDPI display. Drawing is scaled
  /// by it, so scenes draw, and hit-test mouse events, in window coordinates.
  package static func pixelScale(window: Size, output: (width: Int, height: Int)) -> (x: Double, y: Double) {
    (
      x: window.width > 0 && output.width > 0 ? Double(output.width) / window.width : 1,
      y: window.height > 0 && output.height > 0 ? Double(output.height) / window.height : 1
    )
  }

  /// Converts a point in window coordinates to output pixels.
  package func pixelPoint(_ point: Point) -> (x: Int, y: Int) {
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
    let output = target.outputSize(of: renderer)
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

  /// How many times the scene layer's drawing is warmed: a software OpenGL (llvmpipe) compiles a
  /// drawing's code at its first use and again, for its fast path, at about its fourth.
  static let sceneLayerWarmUpDraws = 5

  /// On an accelerated renderer, draws the scene into its layer and the layer over the window,
  /// `sceneLayerWarmUpDraws` times, before the frame's own drawing replaces the window's pixels: the
  /// first pause's drawing into a texture and out of it was compiled there (llvmpipe: 50 ms of a
  /// frame at a full-screen ad's start, and as much at the player's first pause). The software
  /// renderer compiles nothing and skips it.
  public func warmUpSceneLayer(_ draw: () -> Void) {
    guard !renderer.isSoftware else { return }
    for _ in 0..<SDLCanvas.sceneLayerWarmUpDraws {
      drawIntoSceneLayer(draw)
      drawSceneLayer()
    }
  }

  /// Shows the frame.
  public func present() { renderer.present() }

  /// Reads the window's pixels.
  /// - Throws: `SDLError` from `SDL_RenderReadPixels`.
  package func readPixels() throws -> Surface { try renderer.readPixels() }

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

  public func setClip(_ rect: Rect?) {
    renderer.setClip(rect)
  }
}
