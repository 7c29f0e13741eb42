import Foundation

/// The tests' collector (`Tests/Servers/collector.py`) serving the shipped ads on 127.0.0.1, each
/// response taking `delay` seconds: an ad server on a slow network, started and stopped by the
/// benchmark.
final class SlowAdServer {
  /// The manifest's URL.
  let manifestURL: String
  private let server: LoopbackServer

  /// Starts the server and waits until it listens.
  /// - Throws: `BenchmarkError` when python3 or the script is missing, or it does not come up.
  init(delay: Double) throws {
    server = try LoopbackServer(script: "collector.py", control: "slow:\(delay)", arguments: ["--root", "Assets/ads"])
    manifestURL = "http://127.0.0.1:\(server.port)/manifest.json"
  }

  /// How many requests it answered.
  var requestCount: Int { server.loggedRequests.count }

  /// Stops the server and removes its folder.
  func stop() { server.stop() }
}
