import IntermissionSDL
import Testing

/// A game's own window and renderer, set up in plain SDL as a game's own code does it: headless (the
/// offscreen driver and the software renderer, with no OpenGL behind the window), and torn down,
/// `SDL_Quit` last, after `body`. It takes no session itself: its caller holds
/// `SDLSession.exclusive` (a suite with `.sdlSession`), or, in the misuse fixture, on purpose not.
package enum GameWindowByHand {
  package static func run(
    title: String = "game", width: Int32 = 800, height: Int32 = 600,
    _ body: (_ window: OpaquePointer, _ renderer: OpaquePointer) throws -> Void
  ) throws {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    #expect(SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0)
    defer { SDL_Quit() }
    // Created outside #require: its expansion would pass the title as a temporary C string that is
    // freed before SDL reads it.
    let createdWindow = SDL_CreateWindow(title, 0, 0, width, height, 0)
    let window = try #require(createdWindow)
    defer { SDL_DestroyWindow(window) }
    let createdRenderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    let renderer = try #require(createdRenderer)
    defer { SDL_DestroyRenderer(renderer) }
    try body(window, renderer)
  }
}

/// An SDL event of the left mouse button (`SDL_MOUSEBUTTONDOWN` or `SDL_MOUSEBUTTONUP`) at `x`, `y`.
package func leftButtonEvent(_ type: SDL_EventType, x: Int32, y: Int32) -> SDL_Event {
  var event = SDL_Event()
  event.type = type.rawValue
  event.button.button = UInt8(SDL_BUTTON_LEFT)
  event.button.x = x
  event.button.y = y
  return event
}
