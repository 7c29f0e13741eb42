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
  }

  /// Lays `text` out in `chain`'s fonts.
  static func layout(_ text: String, chain: FontChain) -> Line {
    let itemized = TextItemizer.itemize(text, font: chain.font(for:))
    let lineHeight = chain.primary.lineHeight
    var runs: [(run: TextRun, width: Int, scale: Double)] = []
    var width = 0
    var ascent = chain.primary.ascent
    var descent = lineHeight - ascent
    for run in itemized.runs {
      let font = chain.fonts[run.font]
      font.shape(script: run.script, rightToLeft: run.isRightToLeft)
      let size = font.measure(run.text)
      let scale = font.lineHeight > lineHeight * 5 / 4 ? Double(lineHeight) / Double(max(1, font.lineHeight)) : 1
      let scaledWidth = Int((Double(size.width) * scale).rounded())
      runs.append((run, scaledWidth, scale))
      width += scaledWidth
      ascent = max(ascent, Int((Double(font.ascent) * scale).rounded()))
      descent = max(descent, Int((Double(font.lineHeight - font.ascent) * scale).rounded()))
    }
    return Line(runs: runs, width: width, height: ascent + descent, baseline: ascent, missing: itemized.missing)
  }

  /// The size `text` takes, in pixels, without drawing it.
  static func measure(_ text: String, chain: FontChain) -> (width: Int, height: Int) {
    let line = layout(text, chain: chain)
    return (line.width, line.height)
  }

  /// Draws `text` in white (its alpha is the coverage), in `chain`'s fonts; a colour font's glyphs
  /// keep their colours.
  /// - Returns: the surface, and the characters no font has (left out).
  /// - Throws: `SDLError` when SDL cannot make the surface.
  static func render(_ text: String, chain: FontChain) throws -> (surface: Surface, missing: [Unicode.Scalar]) {
    let line = layout(text, chain: chain)
    let target = try SDLCall.nonNil(
      SDL_CreateRGBSurfaceWithFormat(
        0, CInt(max(1, line.width)), CInt(max(1, line.height)), 32, intermission_pixelformat_argb8888()),
      "SDL_CreateRGBSurfaceWithFormat")
    let surface = Surface(owning: target)
    var x = 0
    for (run, width, scale) in line.runs {
      defer { x += width }
      let font = chain.fonts[run.font]
      font.shape(script: run.script, rightToLeft: run.isRightToLeft)
      guard let drawn = try? font.render(run.text) else { continue }
      SDL_SetSurfaceBlendMode(drawn.pointer, SDL_BLENDMODE_NONE)
      let top = line.baseline - Int((Double(font.ascent) * scale).rounded())
      var place = SDL_Rect(
        x: CInt(x), y: CInt(top), w: CInt(width), h: CInt((Double(drawn.height) * scale).rounded()))
      if scale == 1 {
        _ = SDL_UpperBlit(drawn.pointer, nil, target, &place)
      } else {
        _ = SDL_UpperBlitScaled(drawn.pointer, nil, target, &place)
      }
    }
    return (surface, line.missing)
  }
}
