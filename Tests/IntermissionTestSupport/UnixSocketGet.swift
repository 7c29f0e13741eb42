import Foundation

/// An HTTP/1.0 GET over a Unix stream socket, for a test server's own status (`NginxServer`):
/// what a Foundation session cannot reach.
package enum UnixSocketGet {
  /// The body of `path` from the server listening at `socket`; nil when it cannot be reached, it
  /// answers other than 200 within 2 s, or the path does not fit a socket address.
  package static func body(socket path: String, path target: String) -> String? {
    let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return nil }
    defer { Glibc.close(socket) }
    var timeout = timeval(tv_sec: 2, tv_usec: 0)
    guard setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size)) == 0,
      setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size)) == 0
    else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
      }
    }
    guard connected else { return nil }
    let request = Array("GET \(target) HTTP/1.0\r\nHost: localhost\r\n\r\n".utf8)
    guard request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count
    else { return nil }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count == 0 { break }
      if count < 0 && errno == EINTR { continue }
      guard count > 0, answer.count < 1 << 16 else { return nil }
      answer += buffer[0..<count]
    }
    let text = String(decoding: answer, as: UTF8.self)
    guard text.hasPrefix("HTTP/1.1 200") || text.hasPrefix("HTTP/1.0 200"),
      let headersEnd = text.range(of: "\r\n\r\n")
    else { return nil }
    return String(text[headersEnd.upperBound...])
  }
}
