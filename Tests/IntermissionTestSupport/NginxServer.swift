import Foundation
import Testing

/// Debian's nginx on 127.0.0.1 and a free port, unprivileged in one process, with a configuration
/// generated in its own temporary folder: serves `root` as a CDN would (with ETags), plus the
/// extra `locations`. Stopped when released.
///
/// nginx writes a request's access-log line after it has sent the response, so a client can hold
/// the whole answer before the line is written; `requests` therefore waits until nginx reads or
/// answers no request (its `stub_status`, read over a Unix socket of its own).
package final class NginxServer {
  package let folder: URL
  package let port: Int
  package let process: Process
  /// `http` or `https`.
  package let scheme: String
  /// The Unix socket of nginx's status (`stub_status`), which it does not log.
  private let statusSocket: String

  /// - Parameters:
  ///   - root: the folder served.
  ///   - locations: extra `location` blocks; `PORT` in them is replaced with the port.
  ///   - certificate: a PEM certificate and key for HTTPS.
  package init(root: URL, locations: String = "", certificate: (certificate: String, key: String)? = nil) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("intermission-nginx-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("tmp"), withIntermediateDirectories: true)
    scheme = certificate == nil ? "http" : "https"
    // A socket's path has at most 107 bytes: under a long $TMPDIR, the socket is in /tmp.
    let inFolder = folder.appendingPathComponent("status.sock").path
    statusSocket = inFolder.utf8.count <= 100 ? inFolder : "/tmp/\(folder.lastPathComponent).sock"
    (port, process) = try Self.startOnAFreePort(
      in: folder, statusSocket: statusSocket, root: root, locations: locations, certificate: certificate)
  }

  /// Starts nginx on a free port. A free port may be taken by another process (another test
  /// process's server) before nginx binds it: nginx then ends, saying so, and starts again on
  /// another, up to five times.
  private static func startOnAFreePort(
    in folder: URL, statusSocket: String, root: URL, locations: String,
    certificate: (certificate: String, key: String)?
  ) throws -> (Int, Process) {
    var log = ""
    for _ in 1...5 {
      let port = try freeLoopbackPort()
      let process = Process()
      try start(
        process, in: folder, port: port, statusSocket: statusSocket, root: root, locations: locations,
        certificate: certificate)
      switch try waitUntilListening(process, in: folder, port: port) {
      case .listening:
        return (port, process)
      case .addressInUse(let said):
        log = said
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("error.log"))
        // nginx bound the status socket before it gave up, and leaves its file behind.
        unlink(statusSocket)
      case .failed(let said):
        log = said
        try? FileManager.default.removeItem(at: folder)
        unlink(statusSocket)
        throw ServerError(description: "nginx did not start: \(log)")
      }
    }
    try? FileManager.default.removeItem(at: folder)
    unlink(statusSocket)
    throw ServerError(description: "nginx did not start: \(log)")
  }

  private static func start(
    _ process: Process, in folder: URL, port: Int, statusSocket: String, root: URL, locations: String,
    certificate: (certificate: String, key: String)?
  ) throws {
    let prefix = folder.path
    let tls =
      certificate.map {
        "ssl_certificate \($0.certificate);\n    ssl_certificate_key \($0.key);"
      } ?? ""
    let configuration = """
      daemon off;
      master_process off;
      worker_processes 1;
      pid \(prefix)/nginx.pid;
      error_log \(prefix)/error.log warn;
      events { worker_connections 64; }
      http {
        access_log \(prefix)/access.log;
        client_body_temp_path \(prefix)/tmp/body;
        proxy_temp_path \(prefix)/tmp/proxy;
        fastcgi_temp_path \(prefix)/tmp/fastcgi;
        uwsgi_temp_path \(prefix)/tmp/uwsgi;
        scgi_temp_path \(prefix)/tmp/scgi;
        types { application/json json; image/png png; image/jpeg jpg; }
        server {
          listen 127.0.0.1:\(port)\(certificate == nil ? "" : " ssl");
          \(tls)
          root \(root.path);
          \(locations.replacingOccurrences(of: "PORT", with: String(port)))
        }
        server {
          listen unix:\(statusSocket);
          access_log off;
          location = /status { stub_status; }
        }
      }
      """
    let file = folder.appendingPathComponent("nginx.conf")
    try Data(configuration.utf8).write(to: file)
    process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
    process.arguments = ["-p", prefix, "-e", "\(prefix)/error.log", "-c", file.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  private enum Start {
    case listening
    case addressInUse(String)
    case failed(String)
  }

  /// Waits, at most 10 s, until this nginx listens: its pid file names it (nginx writes it after
  /// binding its sockets) and the port accepts, so that a server another process started on the
  /// port is never taken for it.
  private static func waitUntilListening(_ process: Process, in folder: URL, port: Int) throws -> Start {
    let pidFile = folder.appendingPathComponent("nginx.pid")
    let deadline = Date().addingTimeInterval(10)
    while true {
      let pid = (try? String(contentsOf: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
      if process.isRunning, pid == String(process.processIdentifier), isListening(port: port) { return .listening }
      if !process.isRunning || Date() >= deadline {
        if process.isRunning { stopServer(process, removing: nil) }
        process.waitUntilExit()
        let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        return log.contains("Address already in use") ? .addressInUse(log) : .failed(log)
      }
      usleep(20_000)
    }
  }

  deinit {
    stopServer(process, removing: folder)
    unlink(statusSocket)
  }

  /// The URL of `path` on this server.
  package func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)/\(path)" }

  /// The access log's lines: `"GET /path HTTP/1.1" status` summaries, in order, once nginx reads
  /// or answers no request (so that every request it read is in its log); an issue of the test
  /// when a request is still under way after 10 s.
  package var requests: [String] {
    let deadline = Date().addingTimeInterval(10)
    while requestsUnderWay != 0 {
      guard Date() < deadline else {
        Issue.record("nginx still reads or answers a request after 10 s: its log may lack it")
        break
      }
      usleep(10_000)
    }
    let log = (try? String(contentsOf: folder.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
    return log.split(separator: "\n").compactMap { line in
      guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"")
      else { return nil }
      let request = line[line.index(after: open)..<close].split(separator: " ")
      let status = line[line.index(after: close)...].split(separator: " ").first ?? ""
      return "\(request.first ?? "") \(request.dropFirst().first ?? "") \(status)"
    }
  }

  /// How many requests nginx is reading or answering, besides the read of its status; nil when its
  /// status cannot be read. nginx's one worker writes a request's log line as it stops counting it,
  /// so at 0 every request it read is in its log.
  package var requestsUnderWay: Int? {
    guard let status = UnixSocketGet.body(socket: statusSocket, path: "/status") else { return nil }
    // "Active connections: 1\nserver accepts handled requests\n 5 5 9\nReading: 0 Writing: 1 Waiting: 0"
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Reading:") }) else { return nil }
    let words = line.split(separator: " ")
    guard words.count >= 4, let reading = Int(words[1]), let writing = Int(words[3]) else { return nil }
    return reading + writing - 1
  }
}
