/// A complete HTTP response: its status, its body and the headers Intermission uses.
public struct HTTPResponse: Hashable, Sendable {
  /// The status code.
  public var status: Int
  /// The body (empty for 204 and 304).
  public var body: [UInt8]
  /// The `ETag` header, for revalidation with `If-None-Match`.
  public var etag: String?
  /// The URL that answered, after redirects.
  public var url: String

  /// Creates a response.
  public init(status: Int, body: [UInt8], etag: String?, url: String) {
    self.status = status
    self.body = body
    self.etag = etag
    self.url = url
  }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { (200..<300).contains(status) }
}
