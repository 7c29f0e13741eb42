import Foundation

// Benchmarks for Intermission: run in a release build (scripts/bench). It measures and reports;
// it never fails because a figure is slow.

// MARK: - Initialization

let options = BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
if let status = options.usageStatus {
  print(BenchmarkOptions.usage)
  exit(status)
}

// The runs' beacon queues, reward ledgers, saves and HTTP caches live in a folder of their own,
// never the user's: a queue left there would load SQLite into every later run and skew its figures.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("intermission-bench-\(UUID().uuidString)")
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
setenv("XDG_DATA_HOME", scratch.appendingPathComponent("data").path, 1)
setenv("XDG_CACHE_HOME", scratch.appendingPathComponent("cache").path, 1)

// MARK: - Measurements

var report = Report()
do {
  let suite = try BenchmarkSuite(quick: options.quick)
  switch options.part {
  case .video:
    progress("6. the peak memory of the still full-screen ads, the baseline of row 15's memory ...")
    try addVideoRows(suite, stillsPeak: try suite.stillFullscreenPeakMemory(), to: &report)
  case .memory:
    progress("6. peak memory, Intermission and the C baseline ...")
    try addMemoryRows(suite, to: &report)
  case .surface:
    try addSurfaceRows(suite, to: &report)
  case .consent:
    try addConsentRows(to: &report)
    try addConsentFormRows(suite, to: &report)
  case .core:
    addCoreRows(suite, to: &report)
  case nil:
    try addAllRows(suite, drawsPictures: options.outputPath != nil, to: &report)
  }
} catch {
  progress("intermission-bench: \(error)")
  try? FileManager.default.removeItem(at: scratch)
  exit(1)
}
try? FileManager.default.removeItem(at: scratch)

// MARK: - Report

let header = "Measured \(Report.date()) on \(Report.machine())\(options.quick ? " (quick run)" : "").\n\n"
print(header + report.markdown)
if let outputPath = options.outputPath, options.part == nil {
  do {
    try write(report: header + report.markdown, to: outputPath)
    progress("wrote \(outputPath)")
  } catch {
    progress("intermission-bench: cannot write \(outputPath): \(error)")
    exit(1)
  }
}
