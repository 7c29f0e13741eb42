import Foundation

/// Starts a sibling executable and reads its CPU time and memory from /proc while it runs.
final class ProcessProbe {
  let process = Process()
  private let output = Pipe()

  /// Starts `name` (an executable next to this one) with `arguments` and `environment` additions.
  init(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = ProcessProbe.sibling(name)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// The path of an executable built next to this one.
  static func sibling(_ name: String) -> URL {
    let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name)
  }

  /// CPU time each live thread of the process has used so far (the loop, the ad loader's, the
  /// audio device's), in seconds, by thread ID: nanosecond precision from each thread's schedstat.
  func threadCPUSeconds() -> [String: Double]? {
    let tasks = "/proc/\(process.processIdentifier)/task"
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks), !threads.isEmpty else {
      return nil
    }
    var seconds: [String: Double] = [:]
    for thread in threads {
      guard let text = try? String(contentsOfFile: "\(tasks)/\(thread)/schedstat", encoding: .utf8),
        let first = text.split(separator: " ").first, let nanoseconds = Double(first)
      else { continue }
      seconds[thread] = nanoseconds / 1e9
    }
    return seconds
  }

  /// The CPU seconds all threads used between two `threadCPUSeconds` samples: each thread's
  /// growth, all of a thread born in between, nothing more of one that ended in between (a worker
  /// that finished its load).
  static func cpuSeconds(from start: [String: Double], to end: [String: Double]) -> Double {
    end.reduce(0) { total, thread in total + thread.value - (start[thread.key] ?? 0) }
  }

  /// Peak resident memory so far, in KiB.
  func peakResidentKiB() -> Int? { ProcessProbe.peakResidentKiB(of: process.processIdentifier) }

  /// Peak resident memory so far of process `pid` (VmHWM), in KiB; nil once it has exited.
  static func peakResidentKiB(of pid: pid_t) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
  }

  /// Waits for the process and returns what it printed.
  func finish() -> String {
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
