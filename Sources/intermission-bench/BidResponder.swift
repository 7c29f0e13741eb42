import Foundation

/// The tests' OpenRTB responder (`Tests/Servers/openrtb.py`) on 127.0.0.1, answering every bid
/// request with one native bid after `delay` seconds, with a demand file for it: demand that
/// arrives over a network, started and stopped by the benchmark.
final class BidResponder {
  /// The demand file that points at it.
  let demandPath: String
  private let process = Process()
  private let folder: URL

  /// Starts the responder and waits until it listens.
  /// - Throws: `BenchmarkError` when python3 or the script is missing, or it does not come up.
  init(delay: Double) throws {
    let script = "Tests/Servers/openrtb.py"
    guard FileManager.default.fileExists(atPath: script) else {
      throw BenchmarkError(message: "\(script) not found: run the benchmark from the repository (scripts/bench)")
    }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("intermission-bids-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let control = folder.appendingPathComponent("control")
    try Data((delay > 0 ? "slow:\(delay)" : "one-bid").utf8).write(to: control)
    let portFile = folder.appendingPathComponent("port")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", script, "--port-file", portFile.path, "--control", control.path, "--log",
      folder.appendingPathComponent("requests.jsonl").path, "--creative", "Assets/ads/break-interstitial.png",
    ]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    var port: Int?
    while port == nil {
      guard Date() < deadline, process.isRunning else {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        throw BenchmarkError(message: "the OpenRTB responder did not start")
      }
      port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
      if port == nil { Thread.sleep(forTimeInterval: 0.02) }
    }
    let demand = folder.appendingPathComponent("demand.json")
    try Data(
      """
      {"openrtb": {"endpoint": "http://127.0.0.1:\(port!)/openrtb2/auction", "tmax": 800,
        "app": {"bundle": "com.example.bench", "name": "Bench"}, "placements": {"banner": "bench-banner"}}}
      """.utf8
    ).write(to: demand)
    demandPath = demand.path
  }

  deinit { stop() }

  /// How many bid requests it answered.
  var bidRequestCount: Int {
    ((try? String(contentsOf: folder.appendingPathComponent("requests.jsonl"), encoding: .utf8)) ?? "")
      .split(separator: "\n").filter { $0.contains(#""method": "POST""#) }.count
  }

  /// Stops the responder and removes its folder.
  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }
}
