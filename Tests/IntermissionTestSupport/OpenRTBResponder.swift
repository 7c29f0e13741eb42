import Foundation

/// `Tests/Servers/openrtb.py`: an OpenRTB 2.6 responder with Native 1.2 markup on 127.0.0.1 and a
/// free port, which also serves the creative and takes every notice and tracker; the case it
/// answers can change at any time.
package final class OpenRTBResponder: @unchecked Sendable {
  private let server: ScriptedServer

  /// - Parameter case: how it answers (see the script's documentation).
  /// - Parameter media: the video file it serves as /media.mp4, for the video cases.
  package init(case answer: String = "one-bid", media: String? = nil) throws {
    server = try ScriptedServer(
      script: "openrtb.py", control: answer,
      arguments: ["--creative", ProgramRunner.root.appendingPathComponent("Assets/ads/break-interstitial.png").path]
        + (media.map { ["--media", $0] } ?? []))
    self.answer = answer
  }

  package var port: Int { server.port }

  /// How it answers from now on.
  package var answer: String {
    didSet { server.setControl(answer) }
  }

  /// The auction endpoint.
  package var endpoint: String { "http://127.0.0.1:\(port)/openrtb2/auction" }

  /// One logged request.
  package struct Request {
    package let method: String
    /// The request target exactly as it arrived: the path and the query, byte for byte.
    package let target: String
    package let path: String
    package let query: [String: String]
    package let headers: [String: String]
    package let body: String?
    /// What a GET was answered with.
    package let status: Int?

    /// The body as JSON, for a bid request.
    package var json: [String: Any]? {
      body.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
  }

  /// Every request so far, in order.
  package var requests: [Request] {
    server.loggedObjects.map { object in
      Request(
        method: object["method"] as? String ?? "", target: object["target"] as? String ?? "",
        path: object["path"] as? String ?? "",
        query: object["query"] as? [String: String] ?? [:], headers: object["headers"] as? [String: String] ?? [:],
        body: object["body"] as? String, status: object["status"] as? Int)
    }
  }

  /// The bid requests so far.
  package var bidRequests: [Request] { requests.filter { $0.method == "POST" } }

  /// The notices and trackers so far (every GET but the creative's and the media's), in order: each
  /// one's request target exactly as it arrived (the buyer's URL as it reads, nothing appended), and
  /// its answer.
  package var notices: [(line: String, status: Int?)] {
    requests.filter { $0.method == "GET" && !["/creative.png", "/media.mp4", "/vast/inline.xml"].contains($0.path) }
      .map { ($0.target, $0.status) }
  }

  /// A demand file for this responder in `folder`, with `members` added to the `openrtb` object.
  package func writeDemandFile(in folder: URL, placements: String = #"{"banner": "menu-banner"}"#, members: String = "")
    throws -> String
  {
    let text = """
      { "openrtb": {
          "endpoint": "\(endpoint)", "tmax": 800,
          "app": { "bundle": "com.example.mygame", "name": "My Game", "ver": "1.4.0", "publisher": "pub-123" },
          "placements": \(placements)\(members) } }
      """
    let url = folder.appendingPathComponent("demand.json")
    try Data(text.utf8).write(to: url)
    return url.path
  }
}
