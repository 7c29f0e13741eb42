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
    followingRedirects(from: url, redirects: redirects) { hop in
      transfer(hop, maximumBytes: maximumBytes, headerLines: [], postBody: nil, inspect: nil, file: file)
    }
  }
}
