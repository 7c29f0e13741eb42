/// Rows 7 and 8, the program against the C baseline: CPU in a real window at 60 fps under Xvfb,
/// and start-up to the first presented frame.
func addProgramRows(_ suite: BenchmarkSuite, to report: inout Report) throws {
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
}
