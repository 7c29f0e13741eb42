import CSDL2

/// SDL, SDL_ttf and SDL_image initialised for the lifetime of this object; they are global, so
/// there is at most one at a time.
public final class SDLSystem {
  /// The video driver SDL ended up with (`x11`, `wayland`, `offscreen`, `dummy`, ...).
  public let videoDriver: String

  /// Whether SDL runs without showing anything.
  public let isHeadless: Bool

  /// An error when no display can be opened; its message says how to run headless.
  public struct NoDisplayError: Error, CustomStringConvertible {
    /// SDL's reason.
    public let reason: String
    public var description: String {
      "no display available (\(reason)). Run with --headless to render offscreen, or start an X server (for example: xvfb-run intermission)."
    }
  }

  /// Initialises SDL's video and events, SDL_ttf and SDL_image (PNG).
  /// - Parameter headless: use the offscreen video driver (falling back to dummy) and show nothing.
  /// - Throws: `NoDisplayError` when a window system is wanted but none is there; `SDLError` otherwise.
  public init(headless: Bool) throws {
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    if headless {
      var started = false
      for driver in ["offscreen", "dummy"] {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, driver)
        if SDL_Init(intermission_init_video()) == 0 {
          started = true
          break
        }
      }
      guard started else { throw SDLError("SDL_Init") }
    } else {
      if SDL_Init(intermission_init_video()) != 0 {
        let error = SDLError("SDL_Init")
        throw NoDisplayError(reason: error.message)
      }
    }
    videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
    isHeadless = headless
    do {
      try SDLCall.check(TTF_Init(), "TTF_Init")
      let png = intermission_img_init_png()
      guard IMG_Init(CInt(png)) & CInt(png) != 0 else { throw SDLError("IMG_Init") }
    } catch {
      TTF_Quit()
      SDL_Quit()
      throw error
    }
  }

  deinit {
    IMG_Quit()
    TTF_Quit()
    SDL_Quit()
  }
}
