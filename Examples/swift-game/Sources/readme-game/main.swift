// Package.swift: .package(name: "Intermission", path: "../intermission"), then
//                .product(name: "Intermission", package: "Intermission") in your target
import Intermission

// Your game: its window, renderer, clock and pause flag.
guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_AUDIO) == 0,
  let window = SDL_CreateWindow("My game", 100, 100, 960, 640, SDL_WINDOW_SHOWN.rawValue),
  let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)  // paced by the display
else { fatalError(String(cString: SDL_GetError())) }
var paused = false

// The overlay: a canvas on your renderer, a gate that pauses your game, and the ads.
let canvas = try SDLCanvas(borrowingWindow: window, renderer: renderer)
let gate = PauseGate(onPause: { _ in paused = true }, onResume: { _ in paused = false })
let ads = try AdOverlay(pauseTarget: gate)  // the shipped sample ads; or manifestPath:

var running = true
var event = SDL_Event()
while running {
  ads.update(hostTime: Double(SDL_GetTicks64()) / 1000)  // first in the frame, on your clock
  while SDL_PollEvent(&event) != 0 {
    if ads.handle(sdlEvent: event) { continue }  // what the overlay took is not yours
    if event.type == SDL_QUIT.rawValue { running = false }
    if event.type == SDL_KEYDOWN.rawValue && event.key.keysym.sym == SDL_Keycode(SDLK_p.rawValue) {
      gate.isHeld(by: .user) ? gate.release(.user) : gate.hold(.user)  // the player's pause
    }
  }
  if !paused {
    // update your game
  }
  SDL_SetRenderDrawColor(renderer, 20, 27, 45, 255)
  SDL_RenderClear(renderer)  // then draw your game, above ads.bottomInset
  ads.draw(on: canvas)  // after your drawing, before SDL_RenderPresent
  SDL_RenderPresent(renderer)
}
ads.stopWorkers()  // its loads, video and beacon queue end before the program does
SDL_Quit()
