import Foundation
import Testing

/// A TCP port on 127.0.0.1 bound by this process and not listening: nothing else can take it, and
/// a connection to it is refused, until it is released.
package final class ReservedLoopbackPort {
  package let port: Int
  private let socket: Int32

  package init() throws {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ServerError(description: "socket: \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
      }
    }
    guard bound else {
      Glibc.close(socket)
      throw ServerError(description: "bind: \(errno)")
    }
    self.socket = socket
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit { Glibc.close(socket) }
}

/// A free TCP port on 127.0.0.1, as the system hands one out (bound, read, released): another
/// process may take it before the caller does, which a server started on it must check
/// (`NginxServer` does).
package func freeLoopbackPort() throws -> Int { try ReservedLoopbackPort().port }

/// Whether something accepts connections on 127.0.0.1:`port`.
package func isListening(port: Int) -> Bool {
  let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard socket >= 0 else { return false }
  defer { Glibc.close(socket) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = UInt16(port).bigEndian
  return withUnsafePointer(to: &address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
    }
  }
}

/// The port a server started as `process` writes to `portFile` once it listens.
/// - Throws: when the server exits or writes nothing within 30 s.
package func waitForPort(of process: Process, in portFile: URL, name: String) throws -> Int {
  let deadline = Date().addingTimeInterval(30)
  while true {
    if let port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap({ Int($0) }) { return port }
    guard process.isRunning, Date() < deadline else { throw ServerError(description: "\(name) did not start") }
    usleep(20_000)
  }
}

/// Stops a server the tests started and removes its folder. SIGKILL: a child of the test process
/// inherits its blocked signals, SIGTERM among them.
package func stopServer(_ process: Process, removing folder: URL?) {
  if process.isRunning {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
  if let folder { try? FileManager.default.removeItem(at: folder) }
}

package struct ServerError: Error, CustomStringConvertible {
  package let description: String

  package init(description: String) { self.description = description }
}

/// `Tests/Servers/collector.py`: a beacon collector (and slow or broken ad server) with fault
/// injection on 127.0.0.1, whose behaviour a test sets with `mode`. Stopped when released.
package final class CollectorServer: @unchecked Sendable {
  private let server: ScriptedServer

  /// - Parameter root: a folder of files to serve (an ad server), if any.
  package init(root: URL? = nil, mode: String = "up") throws {
    server = try ScriptedServer(
      script: "collector.py", control: mode, arguments: root.map { ["--root", $0.path] } ?? [])
    self.mode = mode
  }

  package var port: Int { server.port }

  /// How the collector answers from now on: `up`, `500`, `down`, `slow:S` or `endless`.
  package var mode: String {
    didSet { server.setControl(mode) }
  }

  /// The URL of `path` on this server.
  package func url(_ path: String) -> String { server.url(path) }

  /// One logged request.
  package struct Request {
    package let path: String
    package let query: [String: String]
    package let mode: String
  }

  /// Every request so far, in order.
  package var requests: [Request] {
    server.loggedObjects.map { object in
      Request(
        path: object["path"] as? String ?? "", query: object["query"] as? [String: String] ?? [:],
        mode: object["mode"] as? String ?? "")
    }
  }

  /// The nonces of the beacons it acknowledged (answered while up), with repeats.
  package var acknowledgedNonces: [String] {
    requests.filter { $0.mode == "up" || $0.mode.hasPrefix("slow:") }.compactMap { $0.query["nonce"] }
  }
}

/// `Tests/Servers/hostile.py`: an ad server whose every path answers badly (a trickled body,
/// endless headers, a gzip bomb, a reset, no HTTP at all, ...), on 127.0.0.1 and a free port.
package final class HostileServer: @unchecked Sendable {
  private let server: ScriptedServer

  package init() throws {
    server = try ScriptedServer(script: "hostile.py", log: "requests.log", control: nil)
  }

  package var port: Int { server.port }

  /// The URL of `path` on this server.
  package func url(_ path: String) -> String { server.url(path) }

  /// The request lines received so far.
  package var requests: [String] { server.logLines }
}

/// A self-signed certificate for 127.0.0.1 and its key, made by openssl in `folder`: the tests' own
/// certificate authority, trusted only where a test passes it (`--ads-ca`).
package func makeLoopbackCertificate(in folder: URL) throws -> (certificate: String, key: String) {
  let certificate = folder.appendingPathComponent("cert.pem").path
  let key = folder.appendingPathComponent("key.pem").path
  let openssl = Process()
  openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
  openssl.arguments = [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
  ]
  openssl.standardOutput = FileHandle.nullDevice
  openssl.standardError = FileHandle.nullDevice
  try openssl.run()
  openssl.waitUntilExit()
  guard openssl.terminationStatus == 0 else { throw ServerError(description: "openssl could not make a certificate") }
  return (certificate, key)
}
