import IntermissionCore
import IntermissionText

/// Text on an `SDLCanvas`: each line laid out and rasterised by its `TextEngine` (or taken from
/// what a rehearsal prepared there off the loop), uploaded once, and drawn from its texture,
/// tinted to the requested colour.
extension SDLCanvas {
  /// A line uploaded: its coverage in white, tinted with the text's colour, and the runs of a
  /// colour font, drawn over it with the text's opacity alone.
  struct LineTextures {
    let coverage: Texture
    let colour: Texture?
    var width: Int { coverage.width }
    var height: Int { coverage.height }
  }

  public var textPreparer: (any TextPreparer)? { textEngine }

  /// Forgets all the canvas's text (textures, layout, prepared lines) and opens its fonts again, as
  /// a new layout does. For tests.
  package func relayText() throws { try resetText(preferred: nil) }

  /// Lays the text out again from scratch: the engine's fonts at the canvas's scale, no textures.
  func resetText(preferred: [String]?) throws {
    textCache.removeAll()
    fittedTexts.removeAll()
    wrappedTexts.removeAll()
    try textEngine.reset(scale: pixelScale, preferred: preferred)
  }

  public func drawText(_ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment) {
    drawText(text, style: style, color: color, in: rect, alignment: alignment, language: nil, truncating: false)
  }

  public func drawText(
    _ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment, language: String?,
    truncating: Bool
  ) {
    let line = TextEngine.Line(text: text, style: style, language: language ?? self.language)
    guard var texture = texture(for: line) else { return }
    if truncating, Double(texture.width) > rect.width * pixelScale.x {
      let fitted = fittedText(line, width: rect.width)
      guard !fitted.isEmpty,
        let cut = self.texture(for: TextEngine.Line(text: fitted, style: style, language: line.language))
      else { return }
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
    let place = Rect(x: x.rounded(), y: (rect.midY - height / 2).rounded(), width: width, height: height)
    texture.coverage.setModulation(color)
    renderer.copy(texture.coverage, to: place)
    if let colour = texture.colour {
      colour.setModulation(Color(red: 255, green: 255, blue: 255, alpha: color.alpha))
      renderer.copy(colour, to: place)
    }
  }

  /// `line` cut with "…" to `width` points between grapheme clusters; kept, so a truncated title
  /// is cut once.
  private func fittedText(_ line: TextEngine.Line, width: Double) -> String {
    let key = FittedKey(line: line, width: width)
    if let known = fittedTexts[key] { return known }
    let fitted = textEngine.fitted(line, width: width, on: .canvas)
    if fittedTexts.count >= SDLCanvas.layoutCacheLimit { fittedTexts.removeAll() }
    fittedTexts[key] = fitted
    return fitted
  }

  public func wrapText(_ text: String, style: TextStyle, width: Double, maxLines: Int, language: String?) -> [String] {
    let line = TextEngine.Line(text: text, style: style, language: language ?? self.language)
    let key = WrapKey(line: line, width: width, maxLines: maxLines)
    if let known = wrappedTexts[key] { return known }
    let lines = textEngine.wrapped(line, width: width, maxLines: maxLines, on: .canvas)
    if wrappedTexts.count >= SDLCanvas.layoutCacheLimit { wrappedTexts.removeAll() }
    wrappedTexts[key] = lines
    return lines
  }

  public func measureText(_ text: String, style: TextStyle) -> Size {
    measureText(text, style: style, language: nil)
  }

  /// The size `text` takes in `style`: from the cached texture when it was drawn, else measured by
  /// shaping alone (no texture is made).
  public func measureText(_ text: String, style: TextStyle, language: String?) -> Size {
    let line = TextEngine.Line(text: text, style: style, language: language ?? self.language)
    let measured = textCache[line].map { ($0.width, $0.height) } ?? textEngine.measure(line, on: .canvas)
    return Size(width: Double(measured.0) / pixelScale.x, height: Double(measured.1) / pixelScale.y)
  }

  /// The face each character of `text` is drawn with in `style` and `language`; nil for a
  /// character that no font has. For tests of the font fallback.
  package func faces(for text: String, style: TextStyle, language: String?) -> [FontFace?] {
    textEngine.faces(for: text, style: style, language: language ?? self.language)
  }

  /// Lines prepared off the loop by rehearsals, and lines rasterised on the loop because none had
  /// prepared them. For tests and benchmarks.
  package var textRasterisation: (prepared: Int, onLoop: Int) {
    let counts = textEngine.rasterisedCounts
    return (counts.prepared, counts.onTake)
  }

  /// Whether `text` was laid out and rasterised off the loop (by a rehearsal) before this canvas
  /// first drew it; nil when it has not drawn it since its last layout. For tests.
  package func wasPrepared(_ text: String) -> Bool? { textEngine.wasPrepared(text) }

  public func preferFonts(_ paths: [String]) -> [String] {
    guard paths != requestedFonts else { return [] }
    requestedFonts = paths
    var refused: [String] = []
    let opening = paths.filter { path in
      let opens = (try? Font(library: target.fonts, path: path, pointSize: 12)) != nil
      if !opens { refused.append(path) }
      return opens
    }
    try? resetText(preferred: opening)
    return refused
  }

  public func takeMissingGlyphs() -> [Unicode.Scalar] {
    defer { missingGlyphs.removeAll() }
    return missingGlyphs
  }

  private func texture(for line: TextEngine.Line) -> LineTextures? {
    if let cached = textCache[line] { return cached }
    guard let rendered = textEngine.take(line),
      let coverage = try? Texture(renderer: renderer, surface: rendered.surface)
    else { return nil }
    let texture = LineTextures(
      coverage: coverage, colour: rendered.colour.flatMap { try? Texture(renderer: renderer, surface: $0) })
    for scalar in rendered.missing where !missingGlyphs.contains(scalar) { missingGlyphs.append(scalar) }
    rasterisedTextCount += 1
    textCache[line] = texture
    return texture
  }
}
