/// Rows 2 to 5, the loop: headless render throughput against the C baseline, the idle CPU while
/// stopped (with and without an audio device), frame pacing at 60 fps, and pause and resume
/// latency.
func addLoopRows(_ suite: BenchmarkSuite, to report: inout Report) throws {
  progress("2/10 headless render throughput, Intermission and the C baseline ...")
  let render = try suite.renderThroughput()
  let ratio = render.swift / render.c
  report.add("2. headless render, Intermission", "\(formatted(render.swift, 1)) fps", goal: "—", met: nil)
  report.add("   headless render, C drawing directly", "\(formatted(render.c, 1)) fps", goal: "—", met: nil)
  report.add("   **ratio Intermission / C**", "**\(formatted(ratio, 3))**", goal: ">= 0.95", met: ratio >= 0.95)

  progress("3/10 idle cost while stopped ...")
  let adIdle = try suite.idleCost(script: "1.0 click 480 595\n")
  let pauseIdle = try suite.idleCost(script: "1.0 key P\n")
  report.add(
    "3. idle CPU, stopped by the in-app ad view", "\(formatted(adIdle * 100, 3)) % of a core", goal: "<= 1 %",
    met: adIdle <= 0.01)
  report.add(
    "   idle CPU, paused by the user", "\(formatted(pauseIdle * 100, 3)) % of a core", goal: "<= 1 %",
    met: pauseIdle <= 0.01)

  let adIdleAudio = try suite.idleCost(script: "1.0 click 480 595\n", environment: BenchmarkSuite.diskAudio)
  let pauseIdleAudio = try suite.idleCost(script: "1.0 key P\n", environment: BenchmarkSuite.diskAudio)
  report.add(
    "   idle CPU, held by the ad view, music paused (disk driver)",
    "\(formatted(adIdleAudio * 100, 3)) % of a core", goal: "<= 1 %", met: adIdleAudio <= 0.01)
  report.add(
    "   idle CPU, paused by the user, music paused (the same device)",
    "\(formatted(pauseIdleAudio * 100, 3)) % of a core",
    goal: "<= 1 %", met: pauseIdleAudio <= 0.01)

  progress("4/10 frame pacing at 60 fps ...")
  let pacing = try suite.framePacing()
  let meanError = abs(pacing.mean - 1.0 / 60) / (1.0 / 60)
  report.add(
    "4. mean frame interval (\(pacing.frames) frames)", "\(formatted(pacing.mean * 1000, 3)) ms",
    goal: "16.667 ms ± 0.5 %", met: meanError <= 0.005)
  report.add("   p50 deviation from 16.667 ms", "\(formatted(pacing.p50 * 1000, 3)) ms", goal: "—", met: nil)
  report.add(
    "   p99 deviation from 16.667 ms", "\(formatted(pacing.p99 * 1000, 3)) ms", goal: "<= 1 ms",
    met: pacing.p99 <= 0.001)
  report.add("   frames late by more than half an interval", String(pacing.late), goal: "0", met: pacing.late == 0)

  progress("5/10 pause and resume latency ...")
  let latency = try suite.pauseResumeLatency()
  report.add(
    "5. scene updates after the banner click's frame", String(latency.updatesAfterClick), goal: "0",
    met: latency.updatesAfterClick == 0)
  report.add(
    "   first delta after the resume", "\(formatted(latency.firstDeltaAfterResume, 6)) s", goal: "0",
    met: latency.firstDeltaAfterResume == 0)
}
