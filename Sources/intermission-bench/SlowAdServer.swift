import Foundation

/// The tests' collector (`Tests/Servers/collector.py`) serving the shipped ads on 127.0.0.1, each
/// response taking `delay` seconds: an ad server on a slow network, started and stopped by the
/// benchmark.
final class SlowAdServer {
  /// The manifest's URL.
  let manifestURL: String
  private let process = Process()
  private let folder: URL

  /// Starts the server and waits until it listens.
  /// - Throws: `BenchmarkError` when python3 or the script is missing, or it does not come up.
  init(delay: Double) throws {
    let script = "Tests/Servers/collector.py"
    guard FileManager.default.fileExists(atPath: script) else {
      throw BenchmarkError(message: "\(script) not found: run the benchmark from the repository (scripts/bench)")
    }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("intermission-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let control = folder.appendingPathComponent("control")
    try Data("slow:\(delay)".utf8).write(to: control)
    let portFile = folder.appendingPathComponent("port")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", script, "--root", "Assets/ads", "--port-file", portFile.path, "--control", control.path, "--log",
      folder.appendingPathComponent("requests.jsonl").path,
    ]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    var port: Int?
    while port == nil {
      guard Date() < deadline, process.isRunning else {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        throw BenchmarkError(message: "the slow ad server did not start")
      }
      port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
      if port == nil { Thread.sleep(forTimeInterval: 0.02) }
    }
    manifestURL = "http://127.0.0.1:\(port!)/manifest.json"
  }

  deinit { stop() }

  /// How many requests it answered.
  var requestCount: Int {
    ((try? String(contentsOf: folder.appendingPathComponent("requests.jsonl"), encoding: .utf8)) ?? "")
      .split(separator: "\n").count
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
