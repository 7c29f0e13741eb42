import Foundation
import Intermission
import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// A game with its own SDL window, renderer and loop, embedding the overlay through the
/// `Intermission` module's `AdOverlay(pauseTarget:trace:beaconsPath:)`. SDL is global: each test runs
/// in the process's one SDL session.
@Suite("A game's own SDL loop", .serialized, .sdlSession)
struct ForeignLoopTests {
  @Test func anSDLGameWithItsOwnLoopEmbedsTheOverlayOnItsOwnWindow() throws {
    // The game's own set-up, in plain SDL.
    try GameWindowByHand.run { window, renderer in try ownLoopEmbedsTheOverlay(window: window, renderer: renderer) }
  }

  private func ownLoopEmbedsTheOverlay(window: OpaquePointer, renderer: OpaquePointer) throws {
    var paused = false
    var updates = 0
    let output = MemoryTraceOutput()
    do {
      // The integration.
      let canvas = try SDLCanvas(borrowingWindow: window, renderer: renderer)
      let gate = PauseGate(onPause: { _ in paused = true }, onResume: { _ in paused = false })
      let ads = try AdOverlay(pauseTarget: gate, trace: Trace(output: output), beaconsPath: "")

      var time = 0.0
      func frame(_ events: [SDL_Event] = []) {
        for var event in events { SDL_PushEvent(&event) }
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
          if ads.handle(sdlEvent: event) { continue }
        }
        ads.update(hostTime: time)
        if !paused { updates += 1 }
        SDL_SetRenderDrawColor(renderer, 10, 200, 10, 255)
        SDL_RenderClear(renderer)
        ads.draw(on: canvas)
        SDL_RenderPresent(renderer)
        time += 1.0 / 60
      }
      // The load runs on a worker thread, on the real clock: wait for the banner (by the wall clock,
      // for a machine busy with other tests), then past the 0.5 s click guard after its slide-in.
      let deadline = Date().addingTimeInterval(60)
      while !ads.banner.isClickable && Date() < deadline { frame() }
      for _ in 0..<40 { frame() }
      #expect(ads.banner.isClickable && ads.bottomInset == 90)
      let pixels = try canvas.readPixels()
      #expect(pixels.pixel(x: 400, y: 100) == Color(red: 10, green: 200, blue: 10), "the game's own drawing")
      #expect(pixels.pixel(x: 400, y: 560) != Color(red: 10, green: 200, blue: 10), "the banner over it")
      frame(click(x: 400, y: 555))
      #expect(paused && ads.isAdViewOpen, "an in-app ad pauses the game's own loop")
      let frozen = updates
      for _ in 0..<30 { frame() }
      #expect(updates == frozen)
      frame([key(SDLK_ESCAPE)])
      #expect(!paused)
      frame([windowEvent(SDL_WINDOWEVENT_MINIMIZED)])
      #expect(paused && gate.isHeld(by: .window), "a minimised window holds the game")
      frame([windowEvent(SDL_WINDOWEVENT_RESTORED)])
      #expect(!paused)
    }
    // The trace's frames and times came from the overlay, not from the game.
    // The load is due at 0.5 s and lands in the first frame after its decode finished.
    let loaded = try #require(output.lines.first { $0.contains(#""event":"ad.loaded""#) })
    let fields = try #require(JSONSerialization.jsonObject(with: Data(loaded.utf8)) as? [String: Any])
    let frameNumber = try #require(fields["frame"] as? Int)
    let time = try #require(fields["time"] as? Double)
    #expect(frameNumber >= 30 && abs(time - Double(frameNumber) / 60) < 1e-6, "\(loaded)")
    // The game's window and renderer outlive the canvas: nothing of theirs was destroyed.
    var width: Int32 = 0
    var height: Int32 = 0
    #expect(SDL_GetRendererOutputSize(renderer, &width, &height) == 0 && width == 800)
  }

  private func click(x: Int32, y: Int32) -> [SDL_Event] {
    [SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP].map { leftButtonEvent($0, x: x, y: y) }
  }

  /// A left mouse button event at (`x`, `y`), as SDL delivers one: pressed or released by `type`.
  private func key(_ code: SDL_KeyCode) -> SDL_Event {
    var event = SDL_Event()
    event.type = SDL_KEYDOWN.rawValue
    event.key.keysym.sym = SDL_Keycode(code.rawValue)
    return event
  }

  private func windowEvent(_ id: SDL_WindowEventID) -> SDL_Event {
    var event = SDL_Event()
    event.type = SDL_WINDOWEVENT.rawValue
    event.window.event = UInt8(id.rawValue)
    return event
  }
}
