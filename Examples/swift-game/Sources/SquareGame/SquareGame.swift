import Intermission

/// A tiny SDL game with its own loop and its own pause flag (P): a square crosses the window above
/// the banner. The lines marked INTERMISSION are the whole integration of the banner and its pause
/// bridge; the game's window, renderer and clock are its own. The lines marked REWARDED add a
/// rewarded ad on R: the game is held while it shows, and its coins come exactly once, before the ad
/// closes.
public final class SquareGame {
  /// How many frames the game updated itself: none while anything holds it.
  public private(set) var updates = 0
  /// Whether the game is paused (the player, an in-app ad or a minimised window holds it).
  public private(set) var paused = false
  /// The coins rewarded ads gave.
  public private(set) var coins = 0
  /// False once the window was closed.
  public private(set) var isRunning = true
  private let renderer: OpaquePointer
  private var x = 0.0
  private let canvas: SDLCanvas
  private let gate: PauseGate
  private let ads: AdOverlay

  /// Sets the game up on its window and renderer.
  /// - Parameters:
  ///   - window: the game's `SDL_Window *`.
  ///   - renderer: the game's `SDL_Renderer *`.
  ///   - trace: where the overlay and the pauses are recorded (a test's `HeadlessLoop.trace`).
  ///   - configuration: the overlay's timing (`waitsForDueLoads` for deterministic tests).
  public init(
    window: OpaquePointer, renderer: OpaquePointer, trace: Trace = Trace(output: nil),
    configuration: AdOverlay.Configuration = AdOverlay.Configuration()
  ) throws {
    self.renderer = renderer
    canvas = try SDLCanvas(borrowingWindow: window, renderer: renderer)  // INTERMISSION 1
    gate = PauseGate(trace: trace)  // INTERMISSION 2: the game's pause holds
    ads = try AdOverlay(pauseTarget: gate, trace: trace, configuration: configuration)  // INTERMISSION 3
    gate.onPause = { [unowned self] _ in paused = true }  // INTERMISSION 4
    gate.onResume = { [unowned self] _ in paused = false }  // INTERMISSION 5
    ads.fullscreen.onReward = { [unowned self] reward in coins += reward.amount }  // REWARDED 1
  }

  /// One frame at `time` seconds of the game's clock: input, update, draw.
  public func frame(at time: Double) {
    ads.update(hostTime: time)  // INTERMISSION 6: first in the frame, on the game's clock
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {
      if ads.handle(sdlEvent: event) { continue }  // INTERMISSION 7: what the overlay took is not the game's
      if event.type == SDL_QUIT.rawValue { isRunning = false }
      if event.type == SDL_KEYDOWN.rawValue && event.key.keysym.sym == SDL_Keycode(SDLK_p.rawValue) {
        gate.isHeld(by: .user) ? gate.release(.user) : gate.hold(.user)  // INTERMISSION 8: the player's pause
      }
      if event.type == SDL_KEYDOWN.rawValue && event.key.keysym.sym == SDL_Keycode(SDLK_r.rawValue),
        let refusal = ads.fullscreen.showRewarded(placement: "bonus_coins")  // REWARDED 2: shows, or says why not
      {
        print("no ad now: \(refusal)")
      }
    }
    // Update: the game's own, while nothing holds it.
    if !paused {
      updates += 1
      x = (x + 4).truncatingRemainder(dividingBy: 800)
    }
    // Draw: the game above the banner, then the banner.
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &width, &height)
    let bottom = height - Int32(ads.bottomInset)  // INTERMISSION 9
    SDL_SetRenderDrawColor(renderer, 20, 27, 45, 255)
    SDL_RenderClear(renderer)
    SDL_SetRenderDrawColor(renderer, 255, 184, 77, 255)
    var square = SDL_Rect(x: Int32(x), y: bottom / 2 - 20, w: 40, h: 40)
    SDL_RenderFillRect(renderer, &square)
    ads.draw(on: canvas)  // INTERMISSION 10: after the game's drawing, before SDL_RenderPresent
    SDL_RenderPresent(renderer)
  }
}
