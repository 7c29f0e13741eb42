import CSDL2
import IntermissionText
import Synchronization

/// A TrueType font at one size; owns its pointer and closes it in `deinit`.
package final class Font {
  let pointer: OpaquePointer
  /// Keeps SDL_ttf initialised for as long as the font is open.
  let library: FontLibrary

  /// Opens the font file at `path` at `pointSize`.
  /// - Throws: `SDLError` from `TTF_OpenFont`.
  package convenience init(library: FontLibrary, path: String, pointSize: Int) throws {
    try self.init(library: library, face: FontFace(path: path), pointSize: pointSize)
  }

  /// Opens `face` (a face of a `.ttc` collection by its index) at `pointSize`.
  /// - Throws: `SDLError` from `TTF_OpenFontIndex`.
  package init(library: FontLibrary, face: FontFace, pointSize: Int) throws {
    self.library = library
    pointer = try FontLibrary.freeType.withLock { _ in
      try SDLCall.nonNil(TTF_OpenFontIndex(face.path, CInt(pointSize), face.index), "TTF_OpenFontIndex")
    }
  }

  deinit { FontLibrary.freeType.withLock { _ in TTF_CloseFont(pointer) } }

  /// Renders `text` in white, antialiased, onto a new surface.
  /// - Throws: `SDLError` from `TTF_RenderUTF8_Blended`.
  package func render(_ text: String) throws -> Surface {
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    // TTF renders nothing for an empty string; draw a space instead so the size is meaningful.
    let source = text.isEmpty ? " " : text
    return Surface(owning: try SDLCall.nonNil(TTF_RenderUTF8_Blended(pointer, source, white), "TTF_RenderUTF8_Blended"))
  }

  /// The size `text` renders at, in pixels.
  package func measure(_ text: String) -> (width: Int, height: Int) {
    var width: CInt = 0
    var height: CInt = 0
    TTF_SizeUTF8(pointer, text.isEmpty ? " " : text, &width, &height)
    return (Int(width), Int(height))
  }

  /// Whether the font has a glyph for `scalar` (`TTF_GlyphIsProvided32`).
  package func provides(_ scalar: Unicode.Scalar) -> Bool {
    TTF_GlyphIsProvided32(pointer, scalar.value) != 0
  }

  /// The height of a line, in pixels.
  package var lineHeight: Int { Int(TTF_FontHeight(pointer)) }
  /// How far the font rises above its baseline, in pixels.
  package var ascent: Int { Int(TTF_FontAscent(pointer)) }

  /// Makes HarfBuzz shape the next text as `script` (an ISO 15924 code) in the given direction.
  /// A script HarfBuzz does not know leaves its guess from the text.
  ///
  /// SDL_ttf built without HarfBuzz fails both calls. A left-to-right run of Latin, Common or
  /// Inherited characters draws the same unshaped, so the failure is ignored for it; any other run
  /// would be drawn unshaped (letters unjoined, a right-to-left script in the wrong order).
  /// - Throws: `SDLError` when SDL_ttf cannot shape a run that needs shaping.
  package func shape(script: String, rightToLeft: Bool) throws {
    let failed: String?
    if library.simulatesMissingHarfBuzz.load(ordering: .relaxed) {
      failed = "TTF_SetFontDirection"
    } else if TTF_SetFontDirection(pointer, rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR) < 0 {
      failed = "TTF_SetFontDirection"
    } else if TTF_SetFontScriptName(pointer, script) < 0 {
      failed = "TTF_SetFontScriptName"
    } else {
      failed = nil
    }
    guard let failed, Self.needsShaping(script: script, rightToLeft: rightToLeft) else { return }
    throw SDLError(
      function: failed,
      message:
        "SDL_ttf cannot shape text (built without HarfBuzz?): a \(rightToLeft ? "right-to-left" : "left-to-right") "
        + "\(script) run would be drawn unshaped")
  }

  /// Whether a run must be shaped to be drawn right: one right to left, or of a script other than
  /// Latin, Common and Inherited.
  static func needsShaping(script: String, rightToLeft: Bool) -> Bool {
    switch script {
    case "Latn", "Zyyy", "Zinh": rightToLeft
    default: true
    }
  }
}

extension Font {
  /// Checks that the file at `path` opens as a font, without a window or an SDL system: a user's
  /// bad `--font` is then reported before anything opens.
  /// - Throws: `SDLError` from `TTF_Init` or `TTF_OpenFont` with SDL_ttf's reason.
  package static func check(path: String) throws {
    try FontLibrary.freeType.withLock { _ in
      try SDLCall.check(TTF_Init(), "TTF_Init")
      defer { TTF_Quit() }
      TTF_CloseFont(try SDLCall.nonNil(TTF_OpenFont(path, 12), "TTF_OpenFont"))
    }
  }
}
