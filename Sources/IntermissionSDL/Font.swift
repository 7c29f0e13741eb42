import CSDL2

/// A TrueType font at one size; owns its pointer and closes it in `deinit`.
public final class Font {
  let pointer: OpaquePointer
  /// Keeps SDL_ttf initialised for as long as the font is open.
  let library: FontLibrary

  /// Opens the font file at `path` at `pointSize`.
  /// - Throws: `SDLError` from `TTF_OpenFont`.
  public init(library: FontLibrary, path: String, pointSize: Int) throws {
    self.library = library
    pointer = try FontLibrary.freeType.withLock { _ in
      try SDLCall.nonNil(TTF_OpenFont(path, CInt(pointSize)), "TTF_OpenFont")
    }
  }

  deinit { FontLibrary.freeType.withLock { _ in TTF_CloseFont(pointer) } }

  /// Renders `text` in white, antialiased, onto a new surface.
  /// - Throws: `SDLError` from `TTF_RenderUTF8_Blended`.
  public func render(_ text: String) throws -> Surface {
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    // TTF renders nothing for an empty string; draw a space instead so the size is meaningful.
    let source = text.isEmpty ? " " : text
    return Surface(owning: try SDLCall.nonNil(TTF_RenderUTF8_Blended(pointer, source, white), "TTF_RenderUTF8_Blended"))
  }

  /// The size `text` renders at, in pixels.
  public func measure(_ text: String) -> (width: Int, height: Int) {
    var width: CInt = 0
    var height: CInt = 0
    TTF_SizeUTF8(pointer, text.isEmpty ? " " : text, &width, &height)
    return (Int(width), Int(height))
  }
}

extension Font {
  /// Checks that the file at `path` opens as a font, without a window or an SDL system: a user's
  /// bad `--font` is then reported before anything opens.
  /// - Throws: `SDLError` from `TTF_Init` or `TTF_OpenFont` with SDL_ttf's reason.
  public static func check(path: String) throws {
    try FontLibrary.freeType.withLock { _ in
      try SDLCall.check(TTF_Init(), "TTF_Init")
      defer { TTF_Quit() }
      TTF_CloseFont(try SDLCall.nonNil(TTF_OpenFont(path, 12), "TTF_OpenFont"))
    }
  }
}
