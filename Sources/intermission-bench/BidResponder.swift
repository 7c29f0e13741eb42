import Foundation

/// The tests' OpenRTB responder (`Tests/Servers/openrtb.py`) on 127.0.0.1, answering every bid
/// request with one native bid after `delay` seconds, with a demand file for it: demand that
/// arrives over a network, started and stopped by the benchmark.
final class BidResponder {
  /// The demand file that points at it.
  let demandPath: String
  private let server: LoopbackServer

  /// Starts the responder and waits until it listens.
  /// - Throws: `BenchmarkError` when python3 or the script is missing, or it does not come up.
  init(delay: Double) throws {
    server = try LoopbackServer(
      script: "openrtb.py", control: delay > 0 ? "slow:\(delay)" : "one-bid",
      arguments: ["--creative", "Assets/ads/break-interstitial.png"])
    demandPath = try server.write(
      "demand.json",
      """
      {"openrtb": {"endpoint": "http://127.0.0.1:\(server.port)/openrtb2/auction", "tmax": 800,
        "app": {"bundle": "com.example.bench", "name": "Bench"}, "placements": {"banner": "bench-banner"}}}
      """)
  }

  /// How many bid requests it answered.
  var bidRequestCount: Int { server.loggedRequests.filter { $0.contains(#""method": "POST""#) }.count }

  /// Stops the responder and removes its folder.
  func stop() { server.stop() }
}
