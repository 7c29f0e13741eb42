import CSDL2

/// SDL_ttf, initialised for as long as this object lives. SDL_ttf counts its initialisations, so a
/// game that uses SDL_ttf itself is not disturbed when Intermission's fonts close.
public final class FontLibrary {
  /// Initialises SDL_ttf.
  /// - Throws: `SDLError` from `TTF_Init`.
  public init() throws {
    try SDLCall.check(TTF_Init(), "TTF_Init")
  }

  deinit { TTF_Quit() }
}
