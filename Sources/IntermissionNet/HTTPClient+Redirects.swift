import IntermissionAds
import IntermissionBasics
import IntermissionCore

extension HTTPClient {
  /// Requests `url` with `hop`, then each redirect's target, as `redirects` allows: at most
  /// `maximumRedirects`, only to http and https, and only to the first URL's origin for
  /// `.sameOrigin`. A 304 is an answer, not a redirect.
  /// - Parameter hop: makes one request and gives its response and its `Location`, if any.
  /// - Returns: the final response (any status), or why there is none.
  func followingRedirects(
    from url: String, redirects: RedirectPolicy,
    _ hop: (WebURL) -> Result<(HTTPResponse, String?), HTTPFailure>
  ) -> Result<HTTPResponse, HTTPFailure> {
    guard let first = WebURL(url) else { return .failure(.other("not an http or https URL: \(url)")) }
    var current = first
    for _ in 0...HTTPClient.maximumRedirects {
      let outcome = hop(current)
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
