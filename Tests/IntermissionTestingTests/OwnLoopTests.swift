import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionSDL
import IntermissionTestSupport
import IntermissionTesting
import Testing

/// A Swift game with its own SDL loop, written as the README's whole integration shows, tested
/// with `HeadlessLoop` as a newcomer would: in parallel with other tests (no `.serialized`).
@Suite("An own loop, headless")
struct OwnLoopTests {
  /// The README's integration, and the game's own drawing: a green field.
  final class Game {
    let canvas: SDLCanvas
    let gate: PauseGate
    let ads: AdOverlay
    let renderer: OpaquePointer
    private(set) var paused = false
    private(set) var updates = 0

    init(_ loop: HeadlessLoop) throws {
      renderer = loop.renderer
      canvas = try SDLCanvas(borrowingWindow: loop.window, renderer: loop.renderer)
      gate = loop.pauseGate()
      ads = try AdOverlay(pauseTarget: gate, trace: loop.trace, configuration: loop.adConfiguration)
      gate.onPause = { [unowned self] _ in self.paused = true }
      gate.onResume = { [unowned self] _ in self.paused = false }
    }

    func frame(at time: Double) {
      ads.update(hostTime: time)
      var event = SDL_Event()
      while SDL_PollEvent(&event) != 0 {
        if ads.handle(sdlEvent: event) { continue }
        if event.type == SDL_KEYDOWN.rawValue && event.key.keysym.sym == SDL_Keycode(SDLK_p.rawValue) {
          gate.isHeld(by: .user) ? gate.release(.user) : gate.hold(.user)
        }
      }
      if !paused { updates += 1 }
      SDL_SetRenderDrawColor(renderer, 10, 200, 10, 255)
      SDL_RenderClear(renderer)
      ads.draw(on: canvas)
      SDL_RenderPresent(renderer)
    }
  }

  static let green = Color(red: 10, green: 200, blue: 10)

  @Test func aResizeIsFollowedWithNoExtraCall() throws {
    var inset = 0.0
    var banner = Rect(x: 0, y: 0, width: 0, height: 0)
    var pixels: Surface?
    let run = try HeadlessLoop.run(seconds: 3, script: "1 resize 640 480\n") { loop in
      let game = try Game(loop)
      while let time = loop.nextFrame() { game.frame(at: time) }
      inset = game.ads.bottomInset
      banner = game.ads.bannerFrame
      pixels = try game.canvas.readPixels()
    }
    #expect(inset == 50, "the banner of a window narrower than 728 points")
    #expect(banner == Rect(x: 0, y: 430, width: 640, height: 50))
    let image = try #require(pixels)
    #expect(image.width == 640 && image.height == 480)
    #expect(image.pixel(x: 320, y: 400) == Self.green, "the game above the banner")
    #expect(image.pixel(x: 320, y: 470) != Self.green, "the banner at the window's new bottom")
    #expect(image.pixel(x: 320, y: 430).red == Theme.accent.red, "its accent line on top")
    // Viewable in the new place all along (half of it in view from 0.63 s): one impression a second
    // later, and no display ended.
    #expect(run.records("impression").map { $0.frame } == [98])
    #expect(run.records("viewable.stop").isEmpty)
  }

  @Test func drawingLeavesTheGamesRendererStateAsItWas() throws {
    _ = try HeadlessLoop.run(seconds: 2) { loop in
      let renderer = loop.renderer
      SDL_RenderSetScale(renderer, 2, 2)
      SDL_SetRenderDrawColor(renderer, 1, 2, 3, 4)
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_ADD)
      var clip = SDL_Rect(x: 5, y: 6, w: 70, h: 80)
      SDL_RenderSetClipRect(renderer, &clip)
      func expectGameState(_ when: String) {
        var scale: (Float, Float) = (0, 0)
        SDL_RenderGetScale(renderer, &scale.0, &scale.1)
        var color: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        SDL_GetRenderDrawColor(renderer, &color.0, &color.1, &color.2, &color.3)
        var blend = SDL_BLENDMODE_NONE
        SDL_GetRenderDrawBlendMode(renderer, &blend)
        var now = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &now)
        #expect(scale == (2, 2) && color == (1, 2, 3, 4) && blend == SDL_BLENDMODE_ADD, "\(when)")
        #expect(now.x == 5 && now.y == 6 && now.w == 70 && now.h == 80, "\(when)")
      }
      let canvas = try SDLCanvas(borrowingWindow: loop.window, renderer: renderer)
      expectGameState("after creating the canvas")
      let ads = try AdOverlay(pauseTarget: loop.pauseGate(), trace: loop.trace, configuration: loop.adConfiguration)
      while let time = loop.nextFrame() {
        ads.update(hostTime: time)
        ads.draw(on: canvas)
      }
      #expect(ads.banner.isOnScreen, "the banner was drawn")
      expectGameState("after drawing the banner")
    }
  }

  @Test func aCanvasAndAnOverlayThatOutliveSDLQuitAreReleasedSafely() throws {
    var game: Game?
    _ = try HeadlessLoop.run(seconds: 1.5) { loop in
      game = try Game(loop)
      while let time = loop.nextFrame() { game?.frame(at: time) }
      #expect(game?.ads.banner.isOnScreen == true, "textures for the creative and the label were made")
    }
    // HeadlessLoop.run destroyed the renderer and window and called SDL_Quit: the game's canvas
    // and overlay go only now (AddressSanitizer checks this in scripts/sanitize). Looked at inside
    // the gate, where no other test's session can have started SDL again meanwhile.
    SDLSession.exclusive {
      #expect(SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0)
      game = nil
    }
  }

  /// An overlay that outlives its session (a test's game kept past `HeadlessLoop.run`) and goes
  /// while the next session runs leaves that session's audio alone: the start of SDL's audio that
  /// its video sound held ended with its own session. (Ending it again in the next one made that
  /// session's `SDL_Quit` join an audio thread already joined: parallel tests hung there.)
  @Test func anOverlayReleasedDuringTheNextSessionLeavesItsAudioRunning() throws {
    var first: Game?
    _ = try HeadlessLoop.run(seconds: 0.1) { loop in
      SDL_SetHint(SDL_HINT_AUDIODRIVER, "dummy")
      first = try Game(loop)
    }
    #expect(first != nil, "the first game outlives its session")
    _ = try HeadlessLoop.run(seconds: 0.1) { loop in
      SDL_SetHint(SDL_HINT_AUDIODRIVER, "dummy")
      let second = try Game(loop)
      #expect(SDLVideoSound.isAudioRunning, "the second overlay's video sound started SDL's audio")
      first = nil
      #expect(SDLVideoSound.isAudioRunning, "the first overlay's end left it running")
      withExtendedLifetime(second) {}
    }
  }

  @Test func aTestOfAnOwnLoopInTenLines() throws {
    var game: Game?
    let run = try HeadlessLoop.run(seconds: 3, script: "1.5 click 480 595\n2.0 key Escape\n2.5 key P\n") { loop in
      game = try Game(loop)
      while let time = loop.nextFrame() { game?.frame(at: time) }
    }
    #expect(run.records("game.paused").map(\.description) == ["90 game.paused ad", "150 game.paused user"])
    #expect(run.records("game.resumed").map(\.description) == ["120 game.resumed ad"])
    #expect(game?.updates == 90 + 30, "frames 0-89 and 120-149")
    game = nil
  }
}
