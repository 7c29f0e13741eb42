import IntermissionTesting
import SquareGame
import Testing

@Test func anInAppAdPausesTheOwnLoopAndThePlayersPauseOutlivesIt() throws {
  var game: SquareGame?
  let run = try HeadlessLoop.run(seconds: 3, script: "1.5 click 480 595\n2.0 key Escape\n2.5 key P\n") { loop in
    game = try SquareGame(
      window: loop.window, renderer: loop.renderer, trace: loop.trace, configuration: loop.adConfiguration)
    while let time = loop.nextFrame() { game?.frame(at: time) }
  }
  #expect(run.records("game.paused").map(\.description) == ["90 game.paused ad", "150 game.paused user"])
  #expect(run.records("game.resumed").map(\.description) == ["120 game.resumed ad"])
  #expect(game?.updates == 90 + 30, "frames 0-89 and 120-149")
}

@Test func aMinimisedWindowHoldsTheOwnLoop() throws {
  var game: SquareGame?
  let run = try HeadlessLoop.run(seconds: 3, script: "1 minimize\n2 restore\n") { loop in
    game = try SquareGame(
      window: loop.window, renderer: loop.renderer, trace: loop.trace, configuration: loop.adConfiguration)
    while let time = loop.nextFrame() { game?.frame(at: time) }
  }
  #expect(run.records("game.paused").map(\.description) == ["60 game.paused window"])
  #expect(run.records("game.resumed").map(\.description) == ["120 game.resumed window"])
}

@Test func theBannerCanFirstBeClickedAtItsFirstClickableTime() throws {
  let run = try HeadlessLoop.run(seconds: 2) { loop in
    let click = loop.timing.clickBanner(at: loop.timing.firstClickableTime)
    #expect(click == "1.25 click 480 595\n")
    let game = try SquareGame(
      window: loop.window, renderer: loop.renderer, trace: loop.trace, configuration: loop.adConfiguration)
    while let time = loop.nextFrame() { game.frame(at: time) }
  }
  #expect(run.contains("banner.shown"))
}
