import Foundation

/// Row 15, video ads: plays in a real window, CPU against ffplay, the A/V offset and memory, the
/// last against `stillsPeak` (row 6's peak with the full-screen ads as pictures, in KiB).
func addVideoRows(_ suite: BenchmarkSuite, stillsPeak: Int, to report: inout Report) throws {
  progress("15. video ads: plays in a real window, CPU against ffplay, A/V offset, memory ...")
  let clips = try suite.makeVideoClips()
  defer { try? FileManager.default.removeItem(at: clips.folder) }
  let plays = try suite.videoPlays(clips)
  report.addFrameTimes(
    "15. frames over budget, \(plays.shows) plays of a 1280×720 30 fps clip, real window at 60 fps "
      + "(\(plays.frames) frames)", during: "the plays", overBudget: plays.overBudget, max: plays.max, p99: plays.p99)
  let worstVideoLatency = plays.latencies.max() ?? -1
  report.add(
    "   frames from the show call to the video's first frame, media ready (\(plays.shows) plays), largest",
    String(worstVideoLatency), goal: "<= 2", met: worstVideoLatency >= 0 && worstVideoLatency <= 2)
  let videoCPU = try suite.videoCPU(clips)
  report.addCPUAgainstFFplay(
    "   CPU of one play, Intermission, 960×640 window (launch to exit, menu's second included)",
    player: "Intermission", seconds: videoCPU.intermission, ffplay: videoCPU.ffplay)
  let offsets = try suite.videoSyncOffsets(clips)
  let offsetP99 = Statistics.percentile(offsets.map(abs), 0.99)
  report.add(
    "   A/V offset at flashes (\(offsets.count), real clock, disk driver), p99",
    "\(formatted(offsetP99 * 1000, 1)) ms", goal: "<= 40 ms", met: !offsets.isEmpty && offsetP99 <= 0.040)
  let playingPeak = try suite.videoPeakMemory(clips)
  let playingCost = Double(playingPeak - stillsPeak) / 1024
  report.add(
    "   peak memory while playing the clip, over the still full-screen row above",
    "\(formatted(playingCost, 1)) MiB", goal: "<= +48 MiB", met: playingCost <= 48)
}
