import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionNet
import IntermissionOverlay
import IntermissionTestSupport
import MenuGame
import Testing

/// The demo killed with SIGKILL while it shows a rewarded ad from its Bonus screen, at 20 moments
/// spread over the show, then launched again: the reward reaches the game's save exactly once when
/// its countdown completed before the kill, and never otherwise.
///
/// The show runs on the real clock. Each kill waits for `fullscreen.shown` in the trace, then a
/// moment from its own twentieth of the 2.6 s that follow, jittered by a seeded generator: the
/// countdown completes 1 s in (the reward is recorded, pending) and Escape at 2 s hands it over (the
/// game credits it and it is acknowledged), so kills land before the reward, while it is pending,
/// and after its delivery. A second test makes the narrowest moment certain: inside the game's
/// handler, after `rewarded.earned` and before the acknowledgement.
@Suite("Rewards across kill -9")
struct RewardCrashTests {
  static let window = 2.6
  static let kills = 20

  /// What one killed launch left and what the next launch did with it.
  struct Outcome {
    var completed: Bool
    var pendingAfterKill: Int
    var redelivered: Int
  }

  @Test func aRewardKilledAtTwentyMomentsIsCreditedOnceAndOnlyOnce() async throws {
    let moments = KillMoments.spread(Self.kills, over: Self.window, seed: 2112)
    let outcomes = try await KillMoments.run(moments) { try Self.killAndRelaunch(after: $0) }
    #expect(outcomes.count == Self.kills)
    #expect(outcomes.contains { !$0.completed }, "some kills came before the reward")
    #expect(outcomes.contains { $0.redelivered == 1 }, "some came while it was pending: \(outcomes)")
    #expect(outcomes.contains { $0.completed && $0.redelivered == 0 }, "some after its delivery: \(outcomes)")
  }

  // The scripts click Bonus at 1.5 s of the program's clock: by then its banner is in (the menu lays
  // its buttons out above it), even when a loaded machine takes a third of a second to the first
  // frame.

  /// The narrowest moment, made certain: after `rewarded.earned`, inside the game's handler, before
  /// the acknowledgement. The save's temporary file is a FIFO, so the demo's handler blocks in
  /// `open` while it credits the coins; the test sees `rewarded.earned` in the trace, kills the
  /// blocked program, removes the FIFO and launches the demo again: the pending reward is handed
  /// over once more (`"pending":true`), credited once, and acknowledged.
  @Test func aGameKilledWhileItCreditsTheRewardGetsItAgainOnceAndCreditsItOnce() throws {
    let runner = try ProgramRunner()
    let manifest = try ShippedManifest.quickRewardedAds(runner)
    let bonus = MenuScene.buttonFrame(
      .bonus, in: Size(width: 960, height: 640), bottomInset: AdBanner.height(forWidth: 960))
    let script = try runner.write(
      "s.txt", "1.5 click \(Int(bonus.midX)) \(Int(bonus.midY))\n1.8 key Return\n3.2 key Escape\n")
    let data = runner.path("data/intermission")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let savePath = data + "/demo-save.txt"
    #expect(mkfifo(savePath + ".new", 0o644) == 0)
    let base = ["--headless", "--no-audio", "--ads", manifest, "--ad-latency", "0.1"]
    let program = try runner.start(base + ["--seconds", "10", "--script", script, "--trace", runner.path("1.jsonl")])
    _ = runner.waitForTrace("1.jsonl", containing: #""event":"rewarded.earned""#, timeout: 30)
    usleep(200_000)
    #expect(program.process.isRunning, "blocked in the handler, not finished")
    kill(program.process.processIdentifier, SIGKILL)
    _ = runner.finish(program)
    let killed = try runner.traceLines("1.jsonl")
    try #require(killed.contains { $0.contains(#""event":"rewarded.earned""#) }, "\(killed)")
    #expect(!killed.contains { $0.contains(#""event":"fullscreen.dismissed""#) }, "killed before the dismissal")
    let ledgerPath = data + "/beacons.sqlite"
    #expect(try RewardLedger(path: ledgerPath).pending().count == 1, "handed over, never acknowledged")
    #expect(!FileManager.default.fileExists(atPath: savePath), "nothing credited: no save written")

    unlink(savePath + ".new")
    for launch in [2, 3] {
      let earned = try Self.relaunch(runner, manifest: manifest, launch: launch)
      #expect(earned.count == (launch == 2 ? 1 : 0), "launch \(launch): \(earned)")
      #expect(earned.allSatisfy { $0.contains(#""pending":true"#) && $0.contains(#""amount":50"#) })
    }
    #expect(GameSave(path: savePath).coins == 50)
    #expect(try RewardLedger(path: ledgerPath).pending().isEmpty)
  }

  /// Launches the demo again for 5 frames on `runner`'s files; returns its `rewarded.earned` lines.
  static func relaunch(_ runner: ProgramRunner, manifest: String, launch: Int) throws -> [String] {
    let trace = "\(launch).jsonl"
    let result = try runner.run(
      ["--headless", "--fixed-step", "--no-audio", "--ads", manifest, "--frames", "5", "--trace", runner.path(trace)])
    #expect(result.status == 0, "\(result.stderr)")
    return try runner.traceLines(trace).filter { $0.contains(#""event":"rewarded.earned""#) }
  }

  /// Runs the demo to `fullscreen.shown`, kills it `moment` seconds later, and launches it twice
  /// more on the same data folder; checks the save, the ledger and the traces.
  static func killAndRelaunch(after moment: Double) throws -> Outcome {
    let runner = try ProgramRunner()
    let manifest = try ShippedManifest.quickRewardedAds(runner)
    let bonus = MenuScene.buttonFrame(
      .bonus, in: Size(width: 960, height: 640), bottomInset: AdBanner.height(forWidth: 960))
    let script = try runner.write(
      "s.txt", "1.5 click \(Int(bonus.midX)) \(Int(bonus.midY))\n1.8 key Return\n3.8 key Escape\n")
    let base = ["--headless", "--no-audio", "--ads", manifest, "--ad-latency", "0.1"]
    let program = try runner.start(base + ["--seconds", "10", "--script", script, "--trace", runner.path("1.jsonl")])
    guard runner.waitForTrace("1.jsonl", containing: #""event":"fullscreen.shown""#, timeout: 30) else {
      kill(program.process.processIdentifier, SIGKILL)
      Issue.record("the rewarded ad never showed: \((try? runner.traceLines("1.jsonl")) ?? [])")
      return Outcome(completed: false, pendingAfterKill: 0, redelivered: 0)
    }
    usleep(useconds_t(moment * 1_000_000))
    kill(program.process.processIdentifier, SIGKILL)
    _ = runner.finish(program)
    #expect(program.process.terminationReason == .uncaughtSignal && program.process.terminationStatus == SIGKILL)

    let killed = try runner.traceLines("1.jsonl")
    let completed = killed.contains { $0.contains(#""event":"rewarded.completed""#) }
    let earned = killed.filter { $0.contains(#""event":"rewarded.earned""#) }.count
    let ledgerPath = runner.path("data/intermission/beacons.sqlite")
    let pendingAfterKill =
      FileManager.default.fileExists(atPath: ledgerPath) ? try RewardLedger(path: ledgerPath).pending().count : 0
    let savePath = runner.path("data/intermission/demo-save.txt")
    #expect(earned <= 1, "handed over once at most: \(killed)")
    #expect(pendingAfterKill == (completed ? 1 : 0) || (completed && earned == 1 && pendingAfterKill == 0))
    if completed && earned == 0 { #expect(pendingAfterKill == 1, "recorded, not yet handed over: still pending") }

    // Two more launches on the same files: the first hands a pending reward over, the second nothing.
    var redelivered = 0
    for launch in [2, 3] {
      let earnedAgain = try relaunch(runner, manifest: manifest, launch: launch)
      #expect(earnedAgain.allSatisfy { $0.contains(#""pending":true"#) })
      if launch == 2 {
        redelivered = earnedAgain.count
        #expect(redelivered == pendingAfterKill, "every pending reward, once: \(earnedAgain)")
      } else {
        #expect(earnedAgain.isEmpty, "never a third time: \(earnedAgain)")
      }
    }
    let save = GameSave(path: savePath)
    #expect(save.coins == (completed ? 50 : 0), "at \(moment) s: completed \(completed), \(save.coins) coins")
    #expect(save.lastFailure == nil)
    if FileManager.default.fileExists(atPath: ledgerPath) {
      #expect(try RewardLedger(path: ledgerPath).pending().isEmpty, "all acknowledged")
    }
    return Outcome(completed: completed, pendingAfterKill: pendingAfterKill, redelivered: redelivered)
  }
}
