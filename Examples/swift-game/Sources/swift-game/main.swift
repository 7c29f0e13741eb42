// A tiny SDL game with its own loop (SquareGame), run as a program: its window, its clock, its
// loop. The integration of the banner is in Sources/SquareGame/SquareGame.swift.
//
// usage: swift-game [--headless] [--frames N] [--trace FILE] [--autoplay]
//   --autoplay  clicks the banner, closes the ad, pauses, opens the ad again, closes it, resumes,
//               at fixed frames, so that a test can check the game's pause and resume headless.
import Intermission
import SquareGame

let arguments = CommandLine.arguments
let headless = arguments.contains("--headless")
let autoplay = arguments.contains("--autoplay")
let frames = arguments.firstIndex(of: "--frames").flatMap { Int(arguments[$0 + 1]) } ?? Int.max
let tracePath = arguments.firstIndex(of: "--trace").map { arguments[$0 + 1] }

// MARK: - Initialization

if headless {
  SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
  SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
  SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
}
guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0,
  let window = SDL_CreateWindow("Swift game", 100, 100, 800, 600, 0),
  let renderer = SDL_CreateRenderer(window, -1, 0)
else { fatalError("SDL: \(String(cString: SDL_GetError()))") }
var configuration = AdOverlay.Configuration()
configuration.waitsForDueLoads = headless  // deterministic when headless
var game: SquareGame? = try SquareGame(
  window: window, renderer: renderer, trace: Trace(output: try tracePath.map { try FileTraceOutput(path: $0) }),
  configuration: configuration)

/// What --autoplay does, by frame: the banner's middle is at (400, 555).
func autoplayEvents(frame: Int) -> [SDL_Event] {
  func key(_ code: SDL_KeyCode) -> SDL_Event {
    var event = SDL_Event()
    event.type = SDL_KEYDOWN.rawValue
    event.key.keysym.sym = SDL_Keycode(code.rawValue)
    return event
  }
  func click() -> [SDL_Event] {
    [SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP].map { type in
      var event = SDL_Event()
      event.type = type.rawValue
      event.button.button = UInt8(SDL_BUTTON_LEFT)
      event.button.x = 400
      event.button.y = 555
      return event
    }
  }
  switch frame {
  case 90, 210: return click()
  case 150, 240: return [key(SDLK_ESCAPE)]
  case 180, 270: return [key(SDLK_p)]
  default: return []
  }
}

// MARK: - Loop

var frame = 0
while let running = game, running.isRunning, frame < frames {
  if autoplay { for var event in autoplayEvents(frame: frame) { SDL_PushEvent(&event) } }
  running.frame(at: Double(frame) / 60)
  if !headless { SDL_Delay(16) }
  frame += 1
}

// MARK: - De-initialization

print("frames=\(frame) updates=\(game?.updates ?? 0) paused=\(game?.paused ?? false)")
game = nil  // the overlay and its canvas before the renderer and SDL_Quit
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(window)
SDLSession.quit()  // SDL_Quit, once the video sound's devices are closed
