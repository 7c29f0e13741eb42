import Foundation
import IntermissionCore
import IntermissionTestSupport
import MenuGame
import Testing

/// The demo's full-screen ads, from the README's own scripts (`docs/bonus-script.txt`,
/// `docs/break-script.txt`), headless on the fixed step, with the shipped ads: both are house video
/// ads, played on the fixed step's clock.
@Suite("The demo's full-screen ads")
struct DemoFullscreenTests {
  static let headless = ["--headless", "--fixed-step", "--no-audio"]

  /// The trace's full-screen lines and scene changes, as `frame event detail`.
  func story(_ runner: ProgramRunner, _ trace: String) throws -> [String] {
    try runner.traceSummary(trace, fields: ["name", "reason", "placement", "amount", "quartile"]) { event, line in
      ["fullscreen.", "rewarded.", "scene.", "video."].contains { event.hasPrefix($0) } || event == "game.paused"
        || event == "game.resumed" || (event == "impression" && line.contains(#""format""#))
    }
  }

  @Test func theBonusEarnsFiftyCoinsOnceIntoTheGamesOwnSaveAndTheNextLaunchKeepsThem() throws {
    let runner = try ProgramRunner()
    let script = ProgramRunner.root.appendingPathComponent("docs/bonus-script.txt").path
    let result = try runner.run(
      Self.headless + ["--seconds", "20", "--script", script, "--trace", runner.path("1.jsonl")])
    #expect(result.status == 0, "\(result.stderr)")
    // Bonus at 1 s, the offer at 3 s: the 10 s video from its first frame (its impression), its
    // quartiles every 2.5 s, its completion at 13 s with the reward recorded, Escape at 19 s: the
    // reward, then the dismissal, then the game.
    #expect(
      try story(runner, "1.jsonl") == [
        "0 scene.entered Menu", "60 scene.entered Bonus", "180 game.paused ad",
        "180 fullscreen.shown bonus_coins", "180 impression bonus_coins", "180 video.started bonus_coins",
        "330 video.quartile bonus_coins 1", "480 video.quartile bonus_coins 2", "630 video.quartile bonus_coins 3",
        "780 rewarded.completed bonus_coins", "780 video.completed bonus_coins",
        "1140 rewarded.earned bonus_coins 50", "1140 fullscreen.dismissed bonus_coins", "1140 game.resumed ad",
      ])
    let savePath = runner.path("data/intermission/demo-save.txt")
    let save = GameSave(path: savePath)
    #expect(save.coins == 50 && save.lastFailure == nil)
    let text = try String(contentsOfFile: savePath, encoding: .utf8)
    #expect(text.hasPrefix("intermission-demo-save 1\ncoins 50\ncredited "), "\(text)")

    // The next launch starts with the coins and earns 50 more under a new transaction id.
    let again = try runner.run(
      Self.headless + ["--seconds", "20", "--script", script, "--trace", runner.path("2.jsonl")])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(
      try story(runner, "2.jsonl").filter { $0.contains("rewarded.earned") } == ["1140 rewarded.earned bonus_coins 50"])
    let credited = try String(contentsOfFile: savePath, encoding: .utf8).split(separator: "\n").filter {
      $0.hasPrefix("credited ")
    }
    #expect(GameSave(path: savePath).coins == 100 && credited.count == 2 && Set(credited).count == 2)
  }

  @Test func leavingPlayAfterARoundShowsAnInterstitialOverTheMenuWhenPacingAllows() throws {
    let runner = try ProgramRunner()
    let script = ProgramRunner.root.appendingPathComponent("docs/break-script.txt").path
    let result = try runner.run(
      Self.headless + ["--seconds", "42", "--script", script, "--trace", runner.path("t.jsonl")])
    #expect(result.status == 0, "\(result.stderr)")
    // The first round ends at 12 s, in the session's first 30 s: refused, traced, the menu comes
    // back at once. The second, at 35 s, plays the 8 s video over the menu until Escape at 41 s,
    // after its skip offset of 5 s: skipped after its midpoint.
    #expect(
      try story(runner, "t.jsonl") == [
        "0 scene.entered Menu", "60 scene.entered Play", "720 fullscreen.refused sessionStart level_end",
        "720 scene.exited Play", "720 scene.entered Menu", "780 scene.entered Play", "2100 game.paused ad",
        "2100 scene.exited Play", "2100 scene.entered Menu", "2100 fullscreen.shown level_end",
        "2100 impression level_end", "2100 video.started level_end", "2220 video.quartile level_end 1",
        "2340 video.quartile level_end 2", "2460 video.skipped level_end", "2460 fullscreen.dismissed level_end",
        "2460 game.resumed ad",
      ])
  }

  @Test func aMinimisedWindowPausesTheBonusVideoAndRestoringItPlaysOnWhereItStopped() throws {
    let runner = try ProgramRunner()
    let script = try runner.write(
      "s.txt", "1.0 click 480 252\n3.0 key Return\n5.0 minimize\n8.0 restore\n19.0 key Escape\n")
    let result = try runner.run(
      Self.headless + ["--seconds", "20", "--script", script, "--trace", runner.path("t.jsonl")])
    #expect(result.status == 0, "\(result.stderr)")
    // 2 s played when the window is minimised at 5 s; 3 s hidden: every moment after it 3 s later
    // than in the Bonus's own run (quartiles at 8.5, 11 and 13.5 s, the end at 16 s).
    #expect(
      try story(runner, "t.jsonl") == [
        "0 scene.entered Menu", "60 scene.entered Bonus", "180 game.paused ad",
        "180 fullscreen.shown bonus_coins", "180 impression bonus_coins", "180 video.started bonus_coins",
        "300 video.paused window bonus_coins", "480 video.resumed window bonus_coins",
        "510 video.quartile bonus_coins 1", "660 video.quartile bonus_coins 2", "810 video.quartile bonus_coins 3",
        "960 rewarded.completed bonus_coins", "960 video.completed bonus_coins",
        "1140 rewarded.earned bonus_coins 50", "1140 fullscreen.dismissed bonus_coins", "1140 game.resumed ad",
      ])
  }

  @Test func leavingPlayBeforeARoundEndsAsksForNoAd() throws {
    let runner = try ProgramRunner()
    let script = try runner.write("s.txt", "1.0 click 480 186\n\(1 + PlayScene.roundSeconds - 0.5) key Escape\n")
    let result = try runner.run(
      Self.headless + ["--seconds", "12", "--script", script, "--trace", runner.path("t.jsonl")])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try story(runner, "t.jsonl") == [
        "0 scene.entered Menu", "60 scene.entered Play", "630 scene.exited Play", "630 scene.entered Menu",
      ])
  }
}
