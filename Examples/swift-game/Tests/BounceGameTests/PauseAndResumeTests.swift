import BounceGame
import IntermissionTesting
import Testing

// Several tests in one file, run in parallel as Swift Testing does by default: HeadlessGame takes
// SDL (which is global) for one run at a time by itself, so no `.serialized` is needed.

@Test func anInAppAdPausesTheGameAndAPlayerPauseOutlivesIt() throws {
  let game = BounceScene()
  let script = "1.5 click 480 595\n2.0 key Escape\n2.5 key P\n3.0 click 480 595\n3.5 key Escape\n"
  let run = try HeadlessGame(script: script) { game }.run(seconds: 4)
  #expect(run.records(.gamePaused).map(\.description) == ["90 game.paused ad", "150 game.paused user"])
  #expect(run.records(.gameResumed).map(\.description) == ["120 game.resumed ad"])
  #expect(game.updates == 89 + 30, "updated in frames 1-89 and 120-149 only")
}

@Test func aMinimisedWindowHoldsTheGame() throws {
  let game = BounceScene()
  let run = try HeadlessGame(script: "1 minimize\n2 restore\n") { game }.run(seconds: 3)
  #expect(run.records(.gamePaused).map(\.description) == ["60 game.paused window"])
  #expect(run.records(.gameResumed).map(\.description) == ["120 game.resumed window"])
  #expect(game.updates == 59 + 60, "frames 1-59 and 120-179")
}

@Test func aClickBeforeTheBannerIsClickableIsRefused() throws {
  let setup = try HeadlessGame { BounceScene() }
  let early = setup.timing.clickBanner(at: setup.timing.firstClickableTime - 0.1)
  let run = try HeadlessGame(script: early) { BounceScene() }.run(seconds: 2)
  #expect(run.contains("banner.clickRefused") && !run.contains(.gamePaused))
}
