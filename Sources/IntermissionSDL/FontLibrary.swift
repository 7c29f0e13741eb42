import CSDL2
import IntermissionBasics
import IntermissionCore
import Synchronization

/// SDL_ttf, initialised for as long as this object lives. SDL_ttf counts its initialisations, so a
/// game that uses SDL_ttf itself is not disturbed when Intermission's fonts close.
package final class FontLibrary {
  /// Held around every call that changes SDL_ttf's one FreeType library: its initialisation and
  /// end, and opening and closing a font. Neither SDL_ttf's count nor FreeType's library is safe
  /// across threads, and a test's game may release its canvas on its own thread after its session
  /// while another test's session opens fonts (`TTF_OpenFont` then fails, "Couldn't load font file").
  static let freeType = Locked(())

  /// Test seam: when set, this library's fonts answer as SDL_ttf built without HarfBuzz does (both
  /// `TTF_SetFontDirection` and `TTF_SetFontScriptName` fail) without calling them. Package-only:
  /// nothing outside the tests sets it.
  package let simulatesMissingHarfBuzz = Atomic<Bool>(false)

  /// Initialises SDL_ttf.
  /// - Throws: `SDLError` from `TTF_Init`.
  package init() throws {
    try FontLibrary.freeType.withLock { _ in try SDLCall.check(TTF_Init(), "TTF_Init") }
  }

  deinit { FontLibrary.freeType.withLock { _ in TTF_Quit() } }
}
