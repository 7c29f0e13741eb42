import CSDL2
import IntermissionText

/// A line of text in any language drawn onto one surface: split into runs by font, script and
/// direction (`TextItemizer`), each run shaped by SDL_ttf's HarfBuzz in its own font, and the runs
/// placed left to right on one baseline.
///
/// A font whose lines are much taller than the chain's first font's (a bitmap emoji font, whose
/// one size is 109 pixels) has its runs scaled down to that line.
enum TextRasteriser {
  /// A line's runs, measured.
  struct Line {
    var runs: [(run: TextRun, width: Int, scale: Double)]
    var width: Int
    var height: Int
    var baseline: Int
    var missing: [Unicode.Scalar]
    /// Why a run that needs shaping could not be shaped, if one could not (measured unshaped, and
    /// never drawn). Latin text left to right draws unshaped when SDL_ttf cannot shape.
    var shapingFailure: (any Error)?
  }

  /// Lays `text` out in `chain`'s fonts.
  static func layout(_ text: String, chain: FontChain) -> Line {
    let itemized = TextItemizer.itemize(text, font: chain.font(for:))
    let lineHeight = chain.primary.lineHeight
    var runs: [(run: TextRun, width: Int, scale: Double)] = []
    var width = 0
    var ascent = chain.primary.ascent
    var descent = lineHeight - ascent
    var shapingFailure: (any Error)?
    for run in itemized.runs {
      let font = chain.fonts[run.font]
      do {
        try font.shape(script: run.script, rightToLeft: run.isRightToLeft)
      } catch {
        shapingFailure = shapingFailure ?? error
      }
      let size = font.measure(run.text)
      let scale = font.lineHeight > lineHeight * 5 / 4 ? Double(lineHeight) / Double(max(1, font.lineHeight)) : 1
      let scaledWidth = Int((Double(size.width) * scale).rounded())
      runs.append((run, scaledWidth, scale))
      width += scaledWidth
      ascent = max(ascent, Int((Double(font.ascent) * scale).rounded()))
      descent = max(descent, Int((Double(font.lineHeight - font.ascent) * scale).rounded()))
    }
    return Line(
      runs: runs, width: width, height: ascent + descent, baseline: ascent, missing: itemized.missing,
      shapingFailure: shapingFailure)
  }

  /// The size `text` takes, in pixels, without drawing it.
  static func measure(_ text: String, chain: FontChain) -> (width: Int, height: Int) {
    let line = layout(text, chain: chain)
    return (line.width, line.height)
  }

  /// Draws `text` in white (its alpha is the coverage), in `chain`'s fonts. The runs of a colour
  /// font (emoji) go onto a second surface of the same size, with their own colours, so that they
  /// are not tinted with the text's colour.
  /// - Returns: the surface, the colour runs' surface (nil when there are none), and the
  ///   characters no font has (left out).
  /// - Throws: `SDLError` when SDL cannot make a surface, or SDL_ttf cannot shape a run that needs
  ///   shaping (`Font.shape`).
  static func render(_ text: String, chain: FontChain) throws -> (
    surface: Surface, colour: Surface?, missing: [Unicode.Scalar]
  ) {
    let line = layout(text, chain: chain)
    if let failure = line.shapingFailure { throw failure }
    let surface = try blank(width: line.width, height: line.height)
    var colour: Surface?
    var x = 0
    for (run, width, scale) in line.runs {
      defer { x += width }
      let font = chain.fonts[run.font]
      try font.shape(script: run.script, rightToLeft: run.isRightToLeft)
      guard let drawn = try? font.render(run.text) else { continue }
      let target: Surface
      if isColoured(drawn) {
        if colour == nil { colour = try blank(width: line.width, height: line.height) }
        target = colour ?? surface
      } else {
        target = surface
      }
      SDL_SetSurfaceBlendMode(drawn.pointer, SDL_BLENDMODE_NONE)
      let top = line.baseline - Int((Double(font.ascent) * scale).rounded())
      var place = SDL_Rect(
        x: CInt(x), y: CInt(top), w: CInt(width), h: CInt((Double(drawn.height) * scale).rounded()))
      if scale == 1 {
        _ = SDL_UpperBlit(drawn.pointer, nil, target.pointer, &place)
      } else {
        _ = SDL_UpperBlitScaled(drawn.pointer, nil, target.pointer, &place)
      }
    }
    return (surface, colour, line.missing)
  }

  /// A transparent ARGB surface of at least 1×1 pixels.
  private static func blank(width: Int, height: Int) throws -> Surface {
    Surface(
      owning: try SDLCall.nonNil(
        SDL_CreateRGBSurfaceWithFormat(
          0, CInt(max(1, width)), CInt(max(1, height)), 32, intermission_pixelformat_argb8888()),
        "SDL_CreateRGBSurfaceWithFormat"))
  }

  /// Whether a run drawn in white has a pixel of another colour: a colour font's glyph. One pass
  /// over the surface's pixels (SDL_ttf's blended text is 32-bit), locked once.
  private static func isColoured(_ run: Surface) -> Bool {
    let surface = run.pointer
    guard SDL_LockSurface(surface) == 0, let pixels = surface.pointee.pixels else { return false }
    defer { SDL_UnlockSurface(surface) }
    guard let format = surface.pointee.format, format.pointee.BytesPerPixel == 4 else { return false }
    let pitch = Int(surface.pointee.pitch)
    let isARGB = format.pointee.format == intermission_pixelformat_argb8888()
    for y in 0..<run.height {
      let row = pixels.advanced(by: y * pitch)
      for x in 0..<run.width {
        let value = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
        if isARGB {
          if value >> 24 != 0, value & 0x00FF_FFFF != 0x00FF_FFFF { return true }
          continue
        }
        var red: UInt8 = 0
        var green: UInt8 = 0
        var blue: UInt8 = 0
        var alpha: UInt8 = 0
        SDL_GetRGBA(value, format, &red, &green, &blue, &alpha)
        if alpha > 0, red != 255 || green != 255 || blue != 255 { return true }
      }
    }
    return false
  }
}
