import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionNet
import IntermissionTestSupport
import MenuGame
import Testing

/// The demo killed with SIGKILL at 10 seeded moments of a bought rewarded video's show, on the real
/// clock, then launched again on the same files: the reward reaches the game's save exactly when
/// it was recorded (`rewarded.completed`, just before `video.completed`) before the kill, and no tracker reaches the responder twice (one
/// nonce per tracker, however often a delivery was retried across the kill).
@Suite("Video ads across kill -9")
struct VideoCrashTests {
  static let kills = 10
  /// The 4 s video, its close at 5 s, and a little after.
  static let window = 5.6

  @Test func aRewardedVideoKilledAtTenMomentsRewardsOnlyAfterItsCompletionAndFiresEachTrackerForOneEvent() async throws
  {
    let moments = KillMoments.spread(Self.kills, over: Self.window, seed: 1930)
    let outcomes = try await KillMoments.run(moments) { try Self.killAndRelaunch(after: $0) }
    #expect(outcomes.count == Self.kills)
    #expect(outcomes.contains(true) && outcomes.contains(false), "kills before and after the completion: \(outcomes)")
  }

  /// Runs the demo on the responder's video demand to `fullscreen.shown`, kills it `moment` seconds
  /// later, launches it again for a few frames, and checks the save and the responder.
  /// - Returns: whether the video had completed before the kill.
  static func killAndRelaunch(after moment: Double) throws -> Bool {
    let responder = try OpenRTBResponder(case: "video", media: GeneratedMedia.path("steps.mp4"))
    let runner = try ProgramRunner()
    let demand = try responder.writeDemandFile(
      in: runner.folder, placements: VideoDeliveryTests.placements, members: VideoDeliveryTests.members)
    // Bonus once the banner is in, the offer once the video is ready, Escape 5 s into the show.
    let script = try runner.write("s.txt", "1.0 click 480 252\n3.0 key Return\n8.0 key Escape\n")
    let base = ["--headless", "--no-audio", "--ads", demand, "--beacons", runner.path("beacons.sqlite")]
    let program = try runner.start(base + ["--seconds", "20", "--script", script, "--trace", runner.path("1.jsonl")])
    guard runner.waitForTrace("1.jsonl", containing: #""event":"video.started""#, timeout: 30) else {
      kill(program.process.processIdentifier, SIGKILL)
      Issue.record("the rewarded video never started: \((try? runner.traceLines("1.jsonl")) ?? [])")
      return false
    }
    usleep(useconds_t(moment * 1_000_000))
    kill(program.process.processIdentifier, SIGKILL)
    _ = runner.finish(program)
    let killed = try runner.traceLines("1.jsonl")
    // The reward is recorded (traced as rewarded.completed) before video.completed is told.
    let completed = killed.contains { $0.contains(#""event":"rewarded.completed""#) }
    #expect(!killed.contains { $0.contains(#""event":"video.completed""#) } || completed, "recorded first")

    let relaunch = try runner.run(base + ["--fixed-step", "--frames", "30", "--trace", runner.path("2.jsonl")])
    #expect(relaunch.status == 0, "\(relaunch.stderr)")
    let save = GameSave(path: runner.path("data/intermission/demo-save.txt"))
    #expect(save.coins == (completed ? 50 : 0), "killed \(moment) s in: completed \(completed), \(save.coins) coins")
    // Every tracker of the show fired once: the same URL, delivered once, or once more after the
    // kill (sent, not yet acknowledged in the queue); a buyer's URL carries no nonce of ours.
    let trackers = responder.notices.filter { $0.line.hasPrefix("/vast/") }
    let byPath = Dictionary(grouping: trackers, by: { $0.line.split(separator: "?")[0] })
    for (path, sent) in byPath {
      #expect(Set(sent.map(\.line)).count == 1 && sent.count <= 2, "\(path) at \(moment) s: \(sent.map(\.line))")
    }
    if completed {
      #expect(byPath["/vast/complete"] != nil, "a completion's tracker is delivered, across the kill if need be")
    }
    return completed
  }
}
