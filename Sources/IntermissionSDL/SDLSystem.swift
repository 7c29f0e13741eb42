import CSDL2
import Glibc

/// SDL, SDL_ttf and SDL_image initialised for the lifetime of this object; they are global, so
/// there is at most one at a time.
package final class SDLSystem {
  /// SDL_ttf, initialised with SDL.
  let fonts: FontLibrary

  /// An error when no display can be opened; its message says how to run headless.
  package struct NoDisplayError: Error, CustomStringConvertible {
    /// SDL's reason.
    package let reason: String
    package var description: String {
      "no display available (\(reason)). Run with --headless to render offscreen, or start an X server (for example: xvfb-run intermission)."
    }
  }

  /// Initialises SDL's video and events, SDL_ttf and SDL_image (PNG).
  /// - Parameter headless: use the offscreen video driver (falling back to dummy) and show nothing.
  /// - Throws: `SDLSession.ConcurrentSessionError` when SDL is initialised already (by code outside
  ///   any `SDLSession.exclusive`); `NoDisplayError` when a window system is wanted but none is
  ///   there; `SDLError` otherwise.
  package init(headless: Bool) throws {
    try SDLSession.requireNoOtherSession()
    SDLThreadData.freeAtThreadExit()
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    if headless {
      // Pure software all the way: without these, SDL presents the software renderer's frames
      // through an OpenGL texture framebuffer (llvmpipe on a machine without a GPU).
      SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
      SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
      guard SDLSystem.start(drivers: ["offscreen", "dummy"]) else { throw SDLError("SDL_Init") }
    } else if Environment.value("SDL_VIDEODRIVER") != nil {
      // The user chose a driver; respect it.
      if SDL_Init(intermission_init_video()) != 0 { throw NoDisplayError(reason: SDLError("SDL_Init").message) }
    } else {
      // Only a real window system counts as a display: SDL would otherwise fall back to its
      // offscreen driver and show nothing.
      var drivers: [String] = []
      if Environment.value("DISPLAY") != nil { drivers.append("x11") }
      if Environment.value("WAYLAND_DISPLAY") != nil { drivers.append("wayland") }
      guard !drivers.isEmpty else { throw NoDisplayError(reason: "neither DISPLAY nor WAYLAND_DISPLAY is set") }
      guard SDLSystem.start(drivers: drivers) else {
        throw NoDisplayError(reason: SDLError("SDL_Init").message)
      }
    }
    if !headless {
      // Controllers and TV remotes, when there are any: optional, so a failure is no error.
      SDL_InitSubSystem(UInt32(SDL_INIT_GAMECONTROLLER))
    }
    do {
      fonts = try FontLibrary()
      let png = intermission_img_init_png()
      guard IMG_Init(CInt(png)) & CInt(png) != 0 else { throw SDLError("IMG_Init") }
    } catch {
      SDL_Quit()
      throw error
    }
  }

  /// Initialises SDL with the first of `drivers` that works.
  private static func start(drivers: [String]) -> Bool {
    for driver in drivers {
      SDL_SetHint(SDL_HINT_VIDEODRIVER, driver)
      if SDL_Init(intermission_init_video()) == 0 { return true }
    }
    return false
  }

  deinit {
    IMG_Quit()
    SDLSession.quit()
  }
}

/// Environment look-ups without Foundation.
enum Environment {
  /// The value of the environment variable `name`, if set and not empty.
  static func value(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
  }
}
