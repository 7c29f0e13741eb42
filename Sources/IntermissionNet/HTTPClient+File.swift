import IntermissionAds
import IntermissionCore

extension HTTPClient {
  /// Fetches `url` with GET, following redirects as `redirects` allows, with the final successful
  /// response's body streamed into `file` through libcurl's fixed buffer: the body is never in
  /// memory whole. The response's `body` is empty; an error page's body is dropped.
  /// - Parameters:
  ///   - url: an http or https URL.
  ///   - file: where the body goes.
  ///   - maximumBytes: the largest body accepted; the transfer stops as soon as it goes over.
  ///   - redirects: which redirects to follow.
  /// - Returns: the final response (any status), or why there is none.
  func get(_ url: String, into file: IncomingBody, maximumBytes: Int, redirects: RedirectPolicy)
    -> Result<HTTPResponse, HTTPFailure>
  {
    guard let first = WebURL(url) else { return .failure(.other("not an http or https URL: \(url)")) }
    var current = first
    for _ in 0...HTTPClient.maximumRedirects {
      let outcome = transfer(
        current, maximumBytes: maximumBytes, headerLines: [], postBody: nil, inspect: nil, file: file)
      guard case .success(let (response, location)) = outcome else { return outcome.map { $0.0 } }
      guard (300..<400).contains(response.status), response.status != 304, let location else {
        return .success(response)
      }
      guard let next = WebURL(location) else {
        return .failure(.redirectRefused("to '\(PrintableText.escaping(location, limit: 200))', not http or https"))
      }
      if redirects == .sameOrigin && next.origin != first.origin {
        return .failure(.redirectRefused("to \(next.origin), another origin than \(first.origin)"))
      }
      current = next
    }
    return .failure(.redirectRefused("more than \(HTTPClient.maximumRedirects) redirects"))
  }
}
