/// What the command line asks of the benchmark: a quick run, one part alone, the file to write.
struct BenchmarkOptions {
  /// A part measured alone: printed, never written.
  enum Part {
    /// Row 15 (`--video`), for work on video playback.
    case video
    /// Row 6's peak memory against the C program (`--memory`).
    case memory
    /// Row 16 (`--surface`).
    case surface
    /// Row 17 (`--consent`).
    case consent
    /// Row 1 (`--core`), to compare the core frame's cost between builds.
    case core
  }

  static let usage =
    "usage: intermission-bench [--quick] [--video] [--core] [--memory] [--surface] [--consent] [--write FILE]"

  /// Fewer rounds of each measurement (`--quick`).
  let quick: Bool
  /// The part measured alone, if one is named; of several, the first of `video`, `memory`,
  /// `surface`, `consent` and `core`.
  let part: Part?
  /// The file whose results section the report replaces (`--write FILE`), when every row is measured.
  let outputPath: String?
  /// The status to exit with after printing the usage: 0 for `--help`, 2 for an argument not
  /// understood; nil to run.
  let usageStatus: Int32?

  /// The options `arguments` (the command line without the program's name) give.
  init(arguments: [String]) {
    quick = arguments.contains("--quick")
    let flags: [(String, Part)] = [
      ("--video", .video), ("--memory", .memory), ("--surface", .surface), ("--consent", .consent), ("--core", .core),
    ]
    part = flags.first { arguments.contains($0.0) }?.1
    let outputPath = arguments.firstIndex(of: "--write").flatMap {
      arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
    }
    self.outputPath = outputPath
    let known = ["--quick", "--video", "--core", "--memory", "--surface", "--consent", "--write", outputPath]
    if arguments.contains("--help") {
      usageStatus = 0
    } else if arguments.contains(where: { !known.contains($0) }) {
      usageStatus = 2
    } else {
      usageStatus = nil
    }
  }
}
