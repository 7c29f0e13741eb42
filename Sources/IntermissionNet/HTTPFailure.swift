/// Why an HTTP transfer gave no usable response. Every case names what went wrong.
package enum HTTPFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The server could not be reached or went away: no route, refused, reset, no answer.
  case unreachable(String)
  /// The connection or the whole transfer took longer than its limit.
  case timedOut(String)
  /// The body went over its limit; the transfer stopped there.
  case tooLarge(limit: Int)
  /// The body's first bytes were refused (an image the decoder would not take).
  case refusedContent(String)
  /// The server's certificate was not trusted, or TLS failed.
  case certificate(String)
  /// A redirect was refused: to another origin, to something other than http or https, or too many.
  case redirectRefused(String)
  /// Any other failure, with libcurl's words.
  case other(String)

  /// Whether the failure means the server is out of reach (offline), so that cached or house ads
  /// may serve instead. A refusal by the server or of its content is not.
  package var isOffline: Bool {
    switch self {
    case .unreachable, .timedOut: true
    default: false
    }
  }

  package var description: String {
    switch self {
    case .unreachable(let reason): "unreachable: \(reason)"
    case .timedOut(let reason): "timed out: \(reason)"
    case .tooLarge(let limit): "the body is larger than \(limit) bytes; the transfer was stopped"
    case .refusedContent(let reason): "refused: \(reason)"
    case .certificate(let reason): "TLS failed: \(reason)"
    case .redirectRefused(let reason): "redirect refused: \(reason)"
    case .other(let reason): reason
    }
  }
}
