import BounceGame
import IntermissionTesting
import Testing

@Test func anInAppAdPausesTheGameAndAPlayerPauseOutlivesIt() throws {
  let game = BounceScene()
  let script = "1.5 click 480 595\n2.0 key Escape\n2.5 key P\n3.0 click 480 595\n3.5 key Escape\n"
  let run = try HeadlessGame(script: script) { game }.run(seconds: 4)
  #expect(run.records("director.paused").map(\.description) == ["90 director.paused ad", "150 director.paused user"])
  #expect(run.records("director.resumed").map(\.description) == ["120 director.resumed ad"])
  #expect(game.updates == 89 + 30, "updated in frames 1-89 and 120-149 only")
}
