import Foundation

/// The benchmark's results table, as Markdown, with the date and the machine.
struct Report {
  struct Row {
    let measure: String
    let value: String
    let goal: String
    let met: Bool?
  }

  var rows: [Row] = []

  mutating func add(_ measure: String, _ value: String, goal: String, met: Bool?) {
    rows.append(Row(measure: measure, value: value, goal: goal, met: met))
  }

  /// Three rows of frame times on the real clock: `measure` with the frames over the 16.7 ms budget
  /// (goal 0), then the longest frame (goal at most 16.7 ms) and the 99th percentile "during
  /// `during`".
  mutating func addFrameTimes(_ measure: String, during: String, overBudget: Int, max: Double, p99: Double) {
    add(measure, String(overBudget), goal: "0", met: overBudget == 0)
    add("   longest frame during \(during)", "\(formatted(max * 1000, 2)) ms", goal: "<= 16.7 ms", met: max <= 1.0 / 60)
    add("   p99 frame time during \(during)", "\(formatted(p99 * 1000, 2)) ms", goal: "—", met: nil)
  }

  /// Two rows of a frame's cost: `measure` in nanoseconds (goal under 5,000), and `allocations`
  /// per frame (goal 0).
  mutating func addCostPerFrame(_ measure: String, nanoseconds: Double, allocations: String, perFrame: Double) {
    add(measure, "\(formatted(nanoseconds, 0)) ns", goal: "< 5000 ns", met: nanoseconds < 5000)
    add(allocations, formatted(perFrame, 2), goal: "0", met: perFrame == 0)
  }

  /// Three rows: the CPU seconds of one play by `player` (`measure` says how it was taken), ffplay's
  /// in the same window, and their ratio, whose goal is at most 1.1.
  mutating func addCPUAgainstFFplay(_ measure: String, player: String, seconds: Double, ffplay: Double) {
    let ratio = seconds / ffplay
    add(measure, "\(formatted(seconds, 2)) s", goal: "—", met: nil)
    add("   CPU of ffplay playing the same file in the same window", "\(formatted(ffplay, 2)) s", goal: "—", met: nil)
    add("   **CPU ratio \(player) / ffplay**", "**\(formatted(ratio, 3))**", goal: "<= 1.1", met: ratio <= 1.1)
  }

  /// The table.
  var markdown: String {
    var text = "| measure | value | goal | met |\n|---|---|---|---|\n"
    for row in rows {
      let verdict = row.met.map { $0 ? "yes" : "**no**" } ?? "—"
      text += "| \(row.measure) | \(row.value) | \(row.goal) | \(verdict) |\n"
    }
    return text
  }

  /// A line naming the date, the processor, cores, kernel and memory.
  static func machine() -> String {
    let cpu =
      (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
      .first { $0.hasPrefix("model name") }?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces)
      ?? "unknown processor"
    var name = utsname()
    uname(&name)
    let kernel = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let memory = ProcessInfo.processInfo.physicalMemory / (1 << 30)
    return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB, Linux \(kernel)"
  }

  static func date() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
    return formatter.string(from: Date())
  }
}

/// Number formatting for the table.
func formatted(_ value: Double, _ decimals: Int) -> String {
  String(format: "%.\(decimals)f", value)
}
