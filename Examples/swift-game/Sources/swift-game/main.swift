// A tiny SDL game with its own loop and its own pause flag (P): a square crosses the window.
// The lines marked INTERMISSION are the whole integration of the banner and its pause bridge.
//
// usage: swift-game [--headless] [--frames N] [--trace FILE] [--autoplay]
//   --autoplay  clicks the banner, closes the ad, pauses, opens the ad again, closes it, resumes,
//               at fixed frames, so that a test can check the game's pause and resume headless.
import IntermissionSDL

let arguments = CommandLine.arguments
let headless = arguments.contains("--headless")
let autoplay = arguments.contains("--autoplay")
let frames = arguments.firstIndex(of: "--frames").flatMap { Int(arguments[$0 + 1]) } ?? Int.max
let tracePath = arguments.firstIndex(of: "--trace").map { arguments[$0 + 1] }

// MARK: - Initialization (the game's own)

if headless {
  SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
  SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
  SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
}
guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0,
  let window = SDL_CreateWindow("Swift game", 100, 100, 800, 600, 0),
  let renderer = SDL_CreateRenderer(window, -1, 0)
else { fatalError("SDL: \(String(cString: SDL_GetError()))") }
var paused = false
var updates = 0
var x = 0.0

let trace = Trace(output: try tracePath.map { try FileTraceOutput(path: $0) })
var configuration = AdOverlay.Configuration()
configuration.waitsForDueLoads = headless  // deterministic when headless

let canvas = try SDLCanvas(borrowingWindow: window, renderer: renderer)  // INTERMISSION 1
let gate = PauseGate(onPause: { _ in paused = true }, onResume: { _ in paused = false })  // INTERMISSION 2
let ads = AdOverlay(pauseTarget: gate, trace: trace, configuration: configuration)  // INTERMISSION 3

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
var running = true
while running && frame < frames {
  ads.update(hostTime: Double(frame) / 60)  // INTERMISSION 4: first in the frame, on the game's clock
  if autoplay { for var event in autoplayEvents(frame: frame) { SDL_PushEvent(&event) } }
  var event = SDL_Event()
  while SDL_PollEvent(&event) != 0 {
    if ads.handle(sdlEvent: event) { continue }  // INTERMISSION 5: what the overlay took is not the game's
    if event.type == SDL_QUIT.rawValue { running = false }
    if event.type == SDL_KEYDOWN.rawValue && event.key.keysym.sym == SDL_Keycode(SDLK_p.rawValue) {
      gate.isHeld(by: .user) ? gate.release(.user) : gate.hold(.user)  // INTERMISSION 6: the player's pause
    }
  }
  // Update: the game's own, while nothing holds it.
  if !paused {
    updates += 1
    x = (x + 4).truncatingRemainder(dividingBy: 800)
  }
  // Draw: the game above the banner, then the banner.
  let bottom = 600 - Int32(ads.bottomInset)  // INTERMISSION 7
  SDL_SetRenderDrawColor(renderer, 20, 27, 45, 255)
  SDL_RenderClear(renderer)
  SDL_SetRenderDrawColor(renderer, 255, 184, 77, 255)
  var square = SDL_Rect(x: Int32(x), y: bottom / 2 - 20, w: 40, h: 40)
  SDL_RenderFillRect(renderer, &square)
  ads.draw(on: canvas)  // INTERMISSION 8
  SDL_RenderPresent(renderer)
  if !headless { SDL_Delay(16) }
  frame += 1
}

// MARK: - De-initialization

print("frames=\(frame) updates=\(updates) paused=\(paused)")
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(window)
SDL_Quit()
