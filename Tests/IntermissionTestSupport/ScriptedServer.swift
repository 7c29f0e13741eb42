import Foundation

/// A server of `Tests/Servers/` run by python3 on 127.0.0.1 and a free port, in a temporary folder
/// of its own: it writes its port to a file once it listens, logs every request it takes, and (with
/// a control file) reads how to answer from it at each request, so a test can change that at any
/// time. Stopped, and its folder removed, when released.
package final class ScriptedServer: @unchecked Sendable {
  package let folder: URL
  package let port: Int
  private let process = Process()
  private let log: URL
  private let control: URL?

  /// Starts `Tests/Servers/<script>` and waits until it listens.
  /// - Parameters:
  ///   - log: the request log's file name in the folder.
  ///   - control: how it answers at first; nil for a server without a control file.
  ///   - arguments: the script's further arguments.
  package init(script: String, log: String = "requests.jsonl", control: String?, arguments: [String] = []) throws {
    let name = (script as NSString).deletingPathExtension
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("intermission-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    self.log = folder.appendingPathComponent(log)
    let controlFile = folder.appendingPathComponent("control")
    self.control = control == nil ? nil : controlFile
    let portFile = folder.appendingPathComponent("port")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", ProgramRunner.root.appendingPathComponent("Tests/Servers/\(script)").path]
      + ["--port-file", portFile.path, "--log", self.log.path]
      + (self.control.map { ["--control", $0.path] } ?? []) + arguments
    process.standardOutput = FileHandle.nullDevice
    if let control { try Data(control.utf8).write(to: controlFile, options: .atomic) }
    try process.run()
    port = try waitForPort(of: process, in: portFile, name: script)
  }

  deinit { stopServer(process, removing: folder) }

  /// How the server answers from now on (written whole, so a request never reads half of it).
  package func setControl(_ text: String) {
    guard let control else { return }
    try? Data(text.utf8).write(to: control, options: .atomic)
  }

  /// The URL of `path` on this server.
  package func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

  /// The log's lines so far, in order.
  package var logLines: [String] {
    ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  /// The log's lines read as JSON objects (a JSON Lines log), in order.
  package var loggedObjects: [[String: Any]] {
    logLines.compactMap { line in try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] }
  }
}
