import Foundation
import IntermissionOverlay

// Benchmarks for Intermission: run in a release build (scripts/bench). It measures and reports;
// it never fails because a figure is slow.

// MARK: - Initialization

let arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
/// Row 15 alone (`--video`), for work on video playback: printed, never written.
let videoOnly = arguments.contains("--video")
/// Row 1 alone (`--core`), to compare the core frame's cost between builds: printed, never written.
let coreOnly = arguments.contains("--core")
/// Row 6's peak memory against the C program alone (`--memory`): printed, never written.
let memoryOnly = arguments.contains("--memory")
/// Row 16 alone (`--surface`): printed, never written.
let surfaceOnly = arguments.contains("--surface")
/// Row 17 alone (`--consent`): printed, never written.
let consentOnly = arguments.contains("--consent")
let outputPath = arguments.firstIndex(of: "--write").flatMap {
  arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
}
if arguments.contains("--help")
  || arguments.contains(where: {
    !["--quick", "--video", "--core", "--memory", "--surface", "--consent", "--write", outputPath].contains($0)
  })
{
  print("usage: intermission-bench [--quick] [--video] [--core] [--memory] [--surface] [--consent] [--write FILE]")
  exit(arguments.contains("--help") ? 0 : 2)
}

// The runs' beacon queues, reward ledgers, saves and HTTP caches live in a folder of their own,
// never the user's: a queue left there would load SQLite into every later run and skew its figures.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("intermission-bench-\(UUID().uuidString)")
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
setenv("XDG_DATA_HOME", scratch.appendingPathComponent("data").path, 1)
setenv("XDG_CACHE_HOME", scratch.appendingPathComponent("cache").path, 1)

func progress(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

// MARK: - Measurements

/// Ends a partial run (`--video`) early, with the rows it measured.
struct Finished: Error {}

var report = Report()
do {
  let suite = try BenchmarkSuite(quick: quick)
  if videoOnly {
    progress("6. the peak memory of the still full-screen ads, the baseline of row 15's memory ...")
    try addVideoRows(suite, stillsPeak: try suite.stillFullscreenPeakMemory(), to: &report)
    throw Finished()
  }

  if memoryOnly {
    progress("6. peak memory, Intermission and the C baseline ...")
    try addMemoryRows(suite, to: &report)
    throw Finished()
  }

  if surfaceOnly {
    try addSurfaceRows(suite, to: &report)
    throw Finished()
  }

  if consentOnly {
    try addConsentRows(to: &report)
    try addConsentFormRows(suite, to: &report)
    throw Finished()
  }

  progress("1/10 core cost per frame ...")
  let core = suite.coreCostPerFrame()
  report.add(
    "1. core cost per frame (director + overlays, null canvas)", "\(formatted(core.nanoseconds, 0)) ns",
    goal: "< 5000 ns", met: core.nanoseconds < 5000)
  report.add(
    "   allocations per core frame", formatted(core.allocationsPerFrame, 2), goal: "0",
    met: core.allocationsPerFrame == 0)
  if coreOnly { throw Finished() }
  let foreign = suite.foreignLoopCostPerFrame()
  report.add(
    "   overlay in a game's own loop (PauseGate, no director, null canvas)", "\(formatted(foreign.nanoseconds, 0)) ns",
    goal: "< 5000 ns", met: foreign.nanoseconds < 5000)
  report.add(
    "   allocations per frame in a game's own loop", formatted(foreign.allocationsPerFrame, 2), goal: "0",
    met: foreign.allocationsPerFrame == 0)

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
    "   idle CPU, stopped by the ad view, music paused (audio device open: SDL's disk driver)",
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

  progress("6/10 allocations and memory ...")
  let allocations = try suite.allocationsPerRealFrame()
  report.add(
    "6. allocations per steady-state real frame (SDL included)", formatted(allocations, 2), goal: "0",
    met: allocations == 0)
  let memory = try addMemoryRows(suite, to: &report)
  progress("7/10 real window at 60 fps under Xvfb, Intermission and the C baseline ...")
  let windowed = try suite.windowedCPU()
  let windowRatio = windowed.swift / windowed.c
  report.add(
    "7. real window, 60 fps, \(formatted(windowed.seconds, 0)) s: CPU, Intermission",
    "\(formatted(windowed.swift, 2)) s",
    goal: "—", met: nil)
  report.add("   real window: CPU, C drawing directly", "\(formatted(windowed.c, 2)) s", goal: "—", met: nil)
  report.add(
    "   **CPU ratio Intermission / C**", "**\(formatted(windowRatio, 3))**", goal: "<= 1.1", met: windowRatio <= 1.1)

  progress("8/10 start-up to the first presented frame ...")
  let startUp = try suite.startUp()
  let startUpRatio = startUp.swift / startUp.c
  report.add(
    "8. start-up to exit after the first frame, Intermission (--no-audio, as the C program)",
    "\(formatted(startUp.swift * 1000, 1)) ms", goal: "—",
    met: nil)
  report.add("   start-up, C drawing directly", "\(formatted(startUp.c * 1000, 1)) ms", goal: "—", met: nil)
  report.add(
    "   **start-up ratio Intermission / C**", "**\(formatted(startUpRatio, 3))**", goal: "<= 1.1",
    met: startUpRatio <= 1.1)
  report.add(
    "   start-up with the audio device opened and the sounds loaded (disk driver)",
    "\(formatted(startUp.withAudio * 1000, 1)) ms", goal: "—", met: nil)

  progress("9/10 frame times during ad rotation (real clock, 60 fps, --refresh 1) ...")
  let rotation = try suite.rotationFrameTimes()
  report.add(
    "9. frames over the 16.7 ms budget during \(rotation.rotations) rotations (\(rotation.frames) frames)",
    String(rotation.overBudget), goal: "0", met: rotation.overBudget == 0)
  report.add(
    "   longest frame during rotations", "\(formatted(rotation.max * 1000, 2)) ms", goal: "<= 16.7 ms",
    met: rotation.max <= 1.0 / 60)
  report.add("   p99 frame time during rotations", "\(formatted(rotation.p99 * 1000, 2)) ms", goal: "—", met: nil)
  progress("   ... and from an HTTP server whose every response takes 1 s")
  let (slow, requests) = try suite.rotationFrameTimesOverSlowHTTP()
  report.add(
    "   frames over budget during \(slow.rotations) rotations over HTTP, 1 s a response (\(slow.frames) frames, "
      + "\(requests) requests)", String(slow.overBudget), goal: "0", met: slow.overBudget == 0)
  report.add(
    "   longest frame during rotations over slow HTTP", "\(formatted(slow.max * 1000, 2)) ms", goal: "<= 16.7 ms",
    met: slow.max <= 1.0 / 60)
  report.add(
    "   p99 frame time during rotations over slow HTTP", "\(formatted(slow.p99 * 1000, 2)) ms", goal: "—", met: nil)
  if outputPath != nil {
    // The frame times themselves, as a picture that BENCHMARKS.md shows.
    let picture = FrameTimePicture.svg([
      ("Rotations of the shipped ads (\(rotation.rotations) rotations)", rotation.durations),
      ("Rotations from an HTTP server answering in 1 s (\(slow.rotations) rotations)", slow.durations),
    ])
    try picture.write(toFile: "docs/rotation-frame-times.svg", atomically: true, encoding: .utf8)
  }

  progress("10/10 the C API against the Swift API, per frame; audio pause latency ...")
  let cAPI = try suite.cAPICostPerFrame()
  let cAPIRatio = cAPI.ratio
  report.add(
    "10. overlay update + draw per frame through the C API (intermission.h), banner shown, headless",
    "\(formatted(cAPI.c / 1000, 2)) µs", goal: "—", met: nil)
  report.add(
    "   the same through the Swift API (AdOverlay)", "\(formatted(cAPI.swift / 1000, 2)) µs", goal: "—", met: nil)
  report.add(
    "   **ratio Swift cost / C cost**", "**\(formatted(cAPIRatio, 3))**", goal: ">= 0.95", met: cAPIRatio >= 0.95)
  report.add(
    "   allocations per frame through the C API", formatted(cAPI.cAllocationsPerFrame, 2), goal: "0",
    met: cAPI.cAllocationsPerFrame == 0)
  let audioLatency = try suite.audioPauseLatency()
  report.add(
    "11. audio pause latency: sample frames from the pause to the first silent buffer (\(audioLatency.pauses) pauses), median",
    formatted(audioLatency.median, 0), goal: "—", met: nil)
  report.add(
    "   the same, largest", formatted(audioLatency.max, 0), goal: "<= 1024 (one buffer)",
    met: audioLatency.max <= 1024)
  progress("12. intermission-trace on a ten-minute trace ...")
  let timeline = try suite.tenMinuteTimeline()
  report.add(
    "12. timeline picture of a ten-minute run's trace (\(formatted(Double(timeline.traceBytes) / 1_000_000, 2)) MB): time",
    "\(formatted(timeline.seconds, 3)) s", goal: "< 2 s", met: timeline.seconds < 2)
  report.add(
    "   its size", "\(formatted(Double(timeline.svgBytes) / 1000, 0)) kB", goal: "< 1 MB",
    met: timeline.svgBytes < 1_000_000)
  report.add(
    "   the same run as a Perfetto trace: time", "\(formatted(timeline.perfettoSeconds, 3)) s", goal: "—", met: nil)
  progress("13. full-screen ads: show latency, frame times over shows, idle CPU while one holds the game ...")
  let shows = try suite.fullscreenShows()
  let worstLatency = shows.latencies.max() ?? -1
  report.add(
    "13. frames from the show call to the full-screen view's first frame (\(shows.shows) shows), largest",
    String(worstLatency), goal: "1", met: worstLatency == 1)
  report.add(
    "   frames over the 16.7 ms budget during \(shows.shows) shows and dismissals of a 1280×720 creative "
      + "(\(shows.frames) frames)", String(shows.overBudget), goal: "0", met: shows.overBudget == 0)
  report.add(
    "   longest frame during full-screen shows", "\(formatted(shows.max * 1000, 2)) ms", goal: "<= 16.7 ms",
    met: shows.max <= 1.0 / 60)
  report.add("   p99 frame time during full-screen shows", "\(formatted(shows.p99 * 1000, 2)) ms", goal: "—", met: nil)
  let fullscreenIdle = try suite.fullscreenIdleCost()
  report.add(
    "   idle CPU while a rewarded ad holds the game (its countdown running)",
    "\(formatted(fullscreenIdle * 100, 3)) % of a core", goal: "<= 1 %", met: fullscreenIdle <= 0.01)
  progress("14. demand over OpenRTB: frame times while bids arrive, request to banner ...")
  let (bids, bidRequests) = try suite.bidFrameTimes()
  report.add(
    "14. frames over the 16.7 ms budget while a bought banner rotates every second (\(bids.rotations) rotations, "
      + "\(bidRequests) bid requests, \(bids.frames) frames)", String(bids.overBudget), goal: "0",
    met: bids.overBudget == 0)
  report.add(
    "   longest frame while bids arrive", "\(formatted(bids.max * 1000, 2)) ms", goal: "<= 16.7 ms",
    met: bids.max <= 1.0 / 60)
  let bidToBanner = try suite.bidToBannerTimes()
  let bidGoal = 0.150 + 1.0 / 60
  report.add(
    "   from the bid request to the first frame of the bought banner, responder at 100 ms (\(bidToBanner.runs) runs), median",
    "\(formatted(bidToBanner.median * 1000, 1)) ms", goal: "<= 166.7 ms", met: bidToBanner.median <= bidGoal)
  report.add(
    "   the same, largest", "\(formatted(bidToBanner.max * 1000, 1)) ms", goal: "<= 166.7 ms",
    met: bidToBanner.max <= bidGoal)
  try addVideoRows(suite, stillsPeak: memory.withFullscreen, to: &report)
  try addSurfaceRows(suite, to: &report)
  try addConsentRows(to: &report)
  try addConsentFormRows(suite, to: &report)
} catch is Finished {
} catch {
  progress("intermission-bench: \(error)")
  try? FileManager.default.removeItem(at: scratch)
  exit(1)
}
try? FileManager.default.removeItem(at: scratch)

// MARK: - Report

let header = "Measured \(Report.date()) on \(Report.machine())\(quick ? " (quick run)" : "").\n\n"
print(header + report.markdown)
if let outputPath, !videoOnly, !coreOnly, !memoryOnly, !surfaceOnly, !consentOnly {
  do {
    try write(report: header + report.markdown, to: outputPath)
    progress("wrote \(outputPath)")
  } catch {
    progress("intermission-bench: cannot write \(outputPath): \(error)")
    exit(1)
  }
}

/// Replaces the section between the results markers in `path` (or writes a new file).
func write(report: String, to path: String) throws {
  let begin = "<!-- results:begin -->"
  let end = "<!-- results:end -->"
  var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# Benchmarks\n\n\(begin)\n\(end)\n"
  if let start = text.range(of: begin), let stop = text.range(of: end), start.upperBound <= stop.lowerBound {
    text.replaceSubrange(start.upperBound..<stop.lowerBound, with: "\n" + report)
  } else {
    text += "\n\(begin)\n\(report)\(end)\n"
  }
  try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// Row 15, video ads: plays in a real window, CPU against ffplay, the A/V offset and memory, the
/// last against `stillsPeak` (row 6's peak with the full-screen ads as pictures, in KiB).
func addVideoRows(_ suite: BenchmarkSuite, stillsPeak: Int, to report: inout Report) throws {
  progress("15. video ads: plays in a real window, CPU against ffplay, A/V offset, memory ...")
  let clips = try suite.makeVideoClips()
  defer { try? FileManager.default.removeItem(at: clips.folder) }
  let plays = try suite.videoPlays(clips)
  report.add(
    "15. frames over the 16.7 ms budget over \(plays.shows) plays of a 1280×720 30 fps H.264/AAC clip in a real "
      + "window at 60 fps (\(plays.frames) frames)", String(plays.overBudget), goal: "0", met: plays.overBudget == 0)
  report.add(
    "   longest frame during the plays", "\(formatted(plays.max * 1000, 2)) ms", goal: "<= 16.7 ms",
    met: plays.max <= 1.0 / 60)
  report.add("   p99 frame time during the plays", "\(formatted(plays.p99 * 1000, 2)) ms", goal: "—", met: nil)
  let worstVideoLatency = plays.latencies.max() ?? -1
  report.add(
    "   frames from the show call to the video's first frame, media ready (\(plays.shows) plays), largest",
    String(worstVideoLatency), goal: "<= 2", met: worstVideoLatency >= 0 && worstVideoLatency <= 2)
  let videoCPU = try suite.videoCPU(clips)
  let videoCPURatio = videoCPU.intermission / videoCPU.ffplay
  report.add(
    "   CPU of one play in a 960×640 window, Intermission (launch to exit, the menu's second included)",
    "\(formatted(videoCPU.intermission, 2)) s", goal: "—", met: nil)
  report.add(
    "   CPU of ffplay playing the same file in the same window", "\(formatted(videoCPU.ffplay, 2)) s", goal: "—",
    met: nil)
  report.add(
    "   **CPU ratio Intermission / ffplay**", "**\(formatted(videoCPURatio, 3))**", goal: "<= 1.1",
    met: videoCPURatio <= 1.1)
  let offsets = try suite.videoSyncOffsets(clips)
  let offsetP99 = Statistics.percentile(offsets.map(abs), 0.99)
  report.add(
    "   A/V offset at each white frame of a flash-and-beep clip (\(offsets.count) flashes, real clock, disk driver): "
      + "audio clock at its drawing against its time, p99", "\(formatted(offsetP99 * 1000, 1)) ms", goal: "<= 40 ms",
    met: !offsets.isEmpty && offsetP99 <= 0.040)
  let playingPeak = try suite.videoPeakMemory(clips)
  let playingCost = Double(playingPeak - stillsPeak) / 1024
  report.add(
    "   peak resident memory while playing the clip, over the still full-screen row above",
    "\(formatted(playingCost, 1)) MiB", goal: "<= +48 MiB", met: playingCost <= 48)
}

/// Row 6's peak memory: Intermission's against the C program's over 1,200 frames and over 60 (the
/// measurement of issue 40), with its music, and on the shipped manifest with its full-screen
/// preloads.
@discardableResult
func addMemoryRows(_ suite: BenchmarkSuite, to report: inout Report) throws
  -> (swift: Int, c: Int, withAudio: Int, withFullscreen: Int)
{
  let memory = try suite.peakMemory()
  let memoryRatio = Double(memory.swift) / Double(memory.c)
  report.add(
    "   peak resident memory, Intermission (1200 frames, banner shown, --no-audio as the C program)",
    "\(formatted(Double(memory.swift) / 1024, 1)) MiB",
    goal: "—", met: nil)
  report.add(
    "   peak resident memory, C drawing directly", "\(formatted(Double(memory.c) / 1024, 1)) MiB", goal: "—", met: nil)
  report.add(
    "   **memory ratio Intermission / C**", "**\(formatted(memoryRatio, 2))**", goal: "<= 1.5", met: memoryRatio <= 1.5)
  let short = try suite.shortRunPeakMemory()
  let shortRatio = Double(short.swift) / Double(short.c)
  report.add(
    "   the same over 60 frames (\(formatted(Double(short.swift) / 1024, 1)) MiB against "
      + "\(formatted(Double(short.c) / 1024, 1)) MiB): **memory ratio Intermission / C**",
    "**\(formatted(shortRatio, 2))**", goal: "<= 1.5", met: shortRatio <= 1.5)
  report.add(
    "   peak resident memory, Intermission with its music playing (disk driver)",
    "\(formatted(Double(memory.withAudio) / 1024, 1)) MiB", goal: "—", met: nil)
  report.add(
    "   peak resident memory, Intermission on the shipped manifest, its full-screen ads as pictures (two 1280×720 preloaded)",
    "\(formatted(Double(memory.withFullscreen) / 1024, 1)) MiB", goal: "—", met: nil)
  let preloadCost = Double(memory.withFullscreen - memory.swift) / 1024
  let preloadFloor = Double(try suite.fullscreenPreloadFloor()) / 1024
  let preloadBudget = 1.25 * preloadFloor + 2
  report.add(
    "   cost of the full-screen preloads: shipped manifest over its banners alone", "\(formatted(preloadCost, 1)) MiB",
    goal: "<= \(formatted(preloadBudget, 1)) MiB (1.25 × floor + 2)", met: preloadCost <= preloadBudget)
  report.add(
    "   floor: one decoded copy of each preloaded creative (width × height × 4)",
    "\(formatted(preloadFloor, 1)) MiB", goal: "—", met: nil)
  report.add(
    "   **full-screen preloads: cost / floor**", "**\(formatted(preloadCost / preloadFloor, 2))**", goal: "—",
    met: nil)
  return memory
}
