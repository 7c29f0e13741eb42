/// A complete HTTP response: its status, its body and the headers Intermission uses.
package struct HTTPResponse: Hashable, Sendable {
  /// The status code.
  package var status: Int
  /// The body (empty for 204 and 304).
  package var body: [UInt8]
  /// The `ETag` header, for revalidation with `If-None-Match`.
  package var etag: String?
  /// The URL that answered, after redirects.
  package var url: String

  /// Creates a response.
  package init(status: Int, body: [UInt8], etag: String?, url: String) {
    self.status = status
    self.body = body
    self.etag = etag
    self.url = url
  }

  /// Whether the status is 2xx.
  package var isSuccess: Bool { (200..<300).contains(status) }
}
