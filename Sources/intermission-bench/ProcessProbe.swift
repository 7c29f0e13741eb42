import Foundation

/// Starts a sibling executable and reads its CPU time and memory from /proc while it runs.
final class ProcessProbe {
  let process = Process()
  private let output = Pipe()

  /// Starts `name` (an executable next to this one) with `arguments`.
  init(_ name: String, _ arguments: [String]) throws {
    process.executableURL = ProcessProbe.sibling(name)
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// The path of an executable built next to this one.
  static func sibling(_ name: String) -> URL {
    let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name)
  }

  /// CPU time the process has used so far, in seconds (nanosecond precision from schedstat).
  func cpuSeconds() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/schedstat", encoding: .utf8),
      let first = text.split(separator: " ").first, let nanoseconds = Double(first)
    else { return nil }
    return nanoseconds / 1e9
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
