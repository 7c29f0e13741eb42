import Foundation

/// Row 16: the overlay on pixels for any engine: its uploads, its cost per frame, and the GLFW
/// example in a real window (CPU and frames while a video plays, memory against the SDL path's).
func addSurfaceRows(_ suite: BenchmarkSuite, to report: inout Report) throws {
  progress("16. the overlay on pixels: uploads, cost per frame, the GLFW example in a real window ...")
  let clips = try suite.makeVideoClips()
  defer { try? FileManager.default.removeItem(at: clips.folder) }
  let uploads = try suite.surfaceUploads()
  report.add(
    "16. pixels uploaded per second, 960×640 surface, banner still (after its first upload)",
    formatted(uploads.stillBanner, 0), goal: "0", met: uploads.stillBanner == 0)
  report.add(
    "   the same while a rewarded countdown runs, share of the surface per second",
    "\(formatted(uploads.countdownShare * 100, 2)) %", goal: "<= 2 %", met: uploads.countdownShare <= 0.02)
  let cost = try suite.surfaceCostPerFrame()
  report.add(
    "   overlay update + draw per frame into the surface (frame taken), banner shown",
    "\(formatted(cost.surface / 1000, 2)) µs",
    goal: "—", met: nil)
  report.add(
    "   the same on SDL's software renderer (row 10's Swift path)", "\(formatted(cost.renderer / 1000, 2)) µs",
    goal: "—", met: nil)
  report.add(
    "   **ratio surface / renderer**", "**\(formatted(cost.ratio, 3))**", goal: "<= 1.2", met: cost.ratio <= 1.2)
  report.add(
    "   a surface frame that draws (slide-in, video, countdown)",
    "\(formatted(cost.drawn / 1000, 2)) µs (\(formatted(cost.drawn / cost.renderer, 2)) × renderer)", goal: "—",
    met: nil)
  let glfw = try suite.glfwRuns(clips)
  report.addCPUAgainstFFplay(
    "   CPU of one play in the GLFW example (800×600; launch less a banner-only launch)",
    player: "GLFW example", seconds: glfw.videoCPU, ffplay: glfw.ffplayCPU)
  report.add(
    "   frames of the GLFW example over budget while the clip plays (\(glfw.plays) plays, \(glfw.frames) frames)",
    String(glfw.overBudget), goal: "0", met: glfw.overBudget == 0)
  report.add(
    "   longest of those frames (update, draw, upload, swap)", "\(formatted(glfw.longest, 2)) ms", goal: "—", met: nil)
  let overlayCost = glfw.peakWithOverlay - glfw.peakWithout
  let sdlCost = glfw.sdlPeakWithOverlay - glfw.sdlPeakWithout
  let budget = sdlCost + 800 * 600 * 4 / 1024
  report.add(
    "   peak memory the overlay adds to the C example (SDL renderer, headless)",
    "\(formatted(Double(sdlCost) / 1024, 1)) MiB", goal: "—", met: nil)
  report.add(
    "   the same, GLFW example, banner shown", "\(formatted(Double(overlayCost) / 1024, 1)) MiB",
    goal: "<= \(formatted(Double(budget) / 1024, 1)) MiB (SDL's + a surface)",
    met: overlayCost <= budget)
}
