import IntermissionTesting
import SquareGame
import Testing

@Test func anInAppAdPausesTheOwnLoopAndThePlayersPauseOutlivesIt() throws {
  var game: SquareGame?
  // An ad, closed; the player's pause; a second ad inside it, closed: the game stays paused.
  let script = "1.5 click 480 595\n2.0 key Escape\n2.5 key P\n3.0 click 480 595\n3.5 key Escape\n"
  let run = try HeadlessLoop.run(seconds: 4, script: script) { loop in
    game = try SquareGame(
      window: loop.window, renderer: loop.renderer, trace: loop.trace, configuration: loop.adConfiguration)
    while let time = loop.nextFrame() { game?.frame(at: time) }
  }
  #expect(run.records(.gamePaused).map(\.description) == ["90 game.paused ad", "150 game.paused user"])
  #expect(run.records(.gameResumed).map(\.description) == ["120 game.resumed ad"])
  #expect(run.records("pause.released").map(\.description) == ["120 pause.released ad", "210 pause.released ad"])
  #expect(game?.paused == true && game?.updates == 90 + 30, "frames 0-89 and 120-149")
}

@Test func aRewardedAdOnRHoldsTheOwnLoopAndGivesItsCoinsOnceBeforeItCloses() throws {
  var game: SquareGame?
  let run = try HeadlessLoop.run(seconds: 19, script: "2.0 key R\n2.5 key P\n18.5 key Escape\n") { loop in
    game = try SquareGame(
      window: loop.window, renderer: loop.renderer, trace: loop.trace, configuration: loop.adConfiguration)
    while let time = loop.nextFrame() { game?.frame(at: time) }
  }
  // Shown at 2 s; P is the ad's, not the game's; 15 s of countdown; Escape hands the reward over.
  #expect(run.records(.gamePaused).map(\.description) == ["120 game.paused ad"])
  #expect(run.records(.gameResumed).map(\.description) == ["1110 game.resumed ad"])
  let order = run.records.filter { ["rewarded.earned", "fullscreen.dismissed", "game.resumed"].contains($0.event) }
  #expect(order.map(\.event) == ["rewarded.earned", "fullscreen.dismissed", "game.resumed"])
  #expect(game?.coins == 50 && game?.updates == 120 + 30, "frames 0-119 and 1110-1139")
}

@Test func aMinimisedWindowHoldsTheOwnLoop() throws {
  var game: SquareGame?
  let run = try HeadlessLoop.run(seconds: 3, script: "1 minimize\n2 restore\n") { loop in
    game = try SquareGame(
      window: loop.window, renderer: loop.renderer, trace: loop.trace, configuration: loop.adConfiguration)
    while let time = loop.nextFrame() { game?.frame(at: time) }
  }
  #expect(run.records(.gamePaused).map(\.description) == ["60 game.paused window"])
  #expect(run.records(.gameResumed).map(\.description) == ["120 game.resumed window"])
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
