import Foundation
import IntermissionCore

/// Runs a sibling executable to completion with `posix_spawn` and `wait4`, for what only the kernel
/// knows after the fact: its wall time, its CPU time and its peak resident memory.
struct ChildProcess {
  /// What a finished run cost.
  struct Outcome {
    /// Seconds from spawn to exit.
    let wallSeconds: Double
    /// User plus system CPU seconds.
    let cpuSeconds: Double
    /// Peak resident memory, KiB.
    let peakKiB: Int
    /// The exit code (nil if a signal ended it).
    let exitCode: Int32?
    /// What it printed on standard output.
    let output: String
  }

  /// Runs `name` (an executable next to this one) with `arguments` and `environment` additions.
  /// Each run has a data folder of its own (`XDG_DATA_HOME`), as a player's first launch, unless
  /// `environment` names one: the beacons a run leaves queued would otherwise be replayed at the
  /// start of every later run of the benchmark, which would measure them rather than the row.
  static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
    var environment = environment
    var ownData: String?
    if environment["XDG_DATA_HOME"] == nil {
      let data = FileManager.default.temporaryDirectory.appendingPathComponent("bench-data-\(UUID().uuidString)").path
      environment["XDG_DATA_HOME"] = data
      ownData = data
    }
    defer { if let ownData { try? FileManager.default.removeItem(atPath: ownData) } }
    // A bare name is one of this package's programs, beside the benchmark; a path is any program.
    let path = name.hasPrefix("/") ? name : ProcessProbe.sibling(name).path
    let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).out")
    defer { try? FileManager.default.removeItem(at: outputFile) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    let envp: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid: pid_t = 0
    let start = MonotonicClock.readSeconds()
    let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
    guard result == 0 else {
      throw BenchmarkError(message: "cannot start \(name): \(String(cString: strerror(result)))")
    }
    // The kernel's own peak (ru_maxrss) also counts the memory of the process that spawned the
    // child (a vfork shares it until exec), so the child's high-water mark is read from /proc while
    // it runs; it only grows, so the last reading before the exit is the peak.
    var status: Int32 = 0
    var usage = rusage()
    var peak = 0
    while true {
      let reaped = wait4(pid, &status, WNOHANG, &usage)
      if reaped == pid { break }
      if reaped < 0 && errno != EINTR { break }
      peak = max(peak, ProcessProbe.peakResidentKiB(of: pid) ?? 0)
      usleep(2000)
    }
    let wall = MonotonicClock.readSeconds() - start
    let cpu =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
      + Double(usage.ru_stime.tv_usec) / 1e6
    let signal = status & 0x7F
    let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    return Outcome(
      wallSeconds: wall, cpuSeconds: cpu, peakKiB: peak, exitCode: signal == 0 ? (status >> 8) & 0xFF : nil,
      output: output)
  }
}
