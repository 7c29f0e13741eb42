import Foundation

/// One of the tests' servers (`Tests/Servers/`) run by python3 on 127.0.0.1 and a free port, in a
/// temporary folder of its own, answering as its control file says; started and stopped by the
/// benchmark.
final class LoopbackServer {
  /// The port it listens on.
  let port: Int
  private let process = Process()
  private let folder: URL

  /// Starts `Tests/Servers/<script>` answering as `control` says, and waits until it listens.
  /// - Throws: `BenchmarkError` when python3 or the script is missing, or it does not come up.
  init(script name: String, control: String, arguments: [String] = []) throws {
    let script = "Tests/Servers/\(name)"
    guard FileManager.default.fileExists(atPath: script) else {
      throw BenchmarkError(message: "\(script) not found: run the benchmark from the repository (scripts/bench)")
    }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("intermission-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let controlFile = folder.appendingPathComponent("control")
    try Data(control.utf8).write(to: controlFile)
    let portFile = folder.appendingPathComponent("port")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", script, "--port-file", portFile.path, "--control", controlFile.path, "--log",
        folder.appendingPathComponent("requests.jsonl").path,
      ] + arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    self.port = try Self.port(in: portFile, of: process, script: script)
  }

  /// The port `process` writes into `portFile` once it listens, waiting up to 10 seconds.
  private static func port(in portFile: URL, of process: Process, script: String) throws -> Int {
    let deadline = Date().addingTimeInterval(10)
    while true {
      guard Date() < deadline, process.isRunning else {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        throw BenchmarkError(message: "\(script) did not start")
      }
      if let port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap({ Int($0) }) { return port }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  deinit { stop() }

  /// The lines of its request log so far (one JSON object each).
  var loggedRequests: [Substring] {
    ((try? String(contentsOf: folder.appendingPathComponent("requests.jsonl"), encoding: .utf8)) ?? "")
      .split(separator: "\n")
  }

  /// Writes `file` into its folder, returning the path.
  func write(_ file: String, _ text: String) throws -> String {
    let url = folder.appendingPathComponent(file)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Stops the server and removes its folder.
  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }
}
