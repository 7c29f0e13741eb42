import IntermissionCore
import IntermissionTestSupport
import IntermissionTesting
import Testing

/// A square that counts its updates: a game of scenes, as a newcomer writes one.
final class CountingScene: Scene {
  private(set) var updates = 0

  init() { super.init(name: "Counting") }

  override func update(delta: Double) { updates += 1 }

  override func draw(on canvas: any Canvas) {
    canvas.fill(Rect(x: 10, y: 10, width: 40, height: 40), color: Theme.accent)
  }
}

/// Tests written as the README shows them, several in one suite, run as Swift Testing runs them by
/// default: in parallel (no `.serialized`). `HeadlessGame` serialises its own SDL sessions.
@Suite("HeadlessGame in parallel tests")
struct ParallelHeadlessTests {
  @Test func anInAppAdPausesTheGame() throws {
    let scene = CountingScene()
    let game = try HeadlessGame(script: "1.5 click 480 595\n2.0 key Escape\n") { scene }
    let run = try game.run(seconds: 3)
    #expect(run.records("game.paused").map(\.description) == ["90 game.paused ad"])
    #expect(run.records("game.resumed").map(\.description) == ["120 game.resumed ad"])
    #expect(scene.updates == 89 + 60, "frames 1-89 and 120-179: frame 0 is no update")
  }

  @Test func aPlayerPauseOutlivesTheAd() throws {
    let scene = CountingScene()
    let run = try HeadlessGame(script: "1.5 key P\n2.0 click 480 595\n2.5 key Escape\n") { scene }.run(seconds: 3)
    #expect(run.records("game.paused").map(\.description) == ["90 game.paused user"])
    #expect(run.records("game.resumed").isEmpty, "the ad never resumes what the player paused")
    #expect(run.contains("action.finished"))
  }

  @Test func aMinimisedWindowHoldsTheGame() throws {
    let scene = CountingScene()
    let run = try HeadlessGame(script: "1 minimize\n2 restore\n") { scene }.run(seconds: 3)
    #expect(run.records("game.paused").map(\.description) == ["60 game.paused window"])
    #expect(run.records("game.resumed").map(\.description) == ["120 game.resumed window"])
  }

  @Test func theTimingHelpersGiveTheBannersPlaceAndFirstClickableTime() throws {
    let game = try HeadlessGame { CountingScene() }
    #expect(game.timing.bannerCenter == Point(x: 480, y: 595))
    #expect(abs(game.timing.firstClickableTime - 1.25) < 1e-9)
    // A click just before that time is refused; one at it is taken.
    let early = game.timing.clickBanner(at: game.timing.firstClickableTime - 0.05)
    let onTime = game.timing.clickBanner(at: game.timing.firstClickableTime)
    let refused = try HeadlessGame(script: early) { CountingScene() }.run(seconds: 2)
    let taken = try HeadlessGame(script: onTime) { CountingScene() }.run(seconds: 2)
    #expect(refused.contains("banner.clickRefused") && !refused.contains("banner.clicked"))
    #expect(taken.contains("banner.clicked") && !taken.contains("banner.clickRefused"))
    let small = try HeadlessGame(width: 400, height: 300) { CountingScene() }
    #expect(small.timing.bannerCenter == Point(x: 200, y: 275), "50 points high below 728")
  }
}
