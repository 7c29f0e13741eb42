import CCurl
import IntermissionAds
import IntermissionBasics

/// A URL as libcurl parses it (its URL API, `curl_url`), owning its handle: what a transfer is
/// given (`CURLOPT_CURLU`), so that libcurl requests exactly the URL that was checked.
///
/// Two parsers read every URL: `WebURL` normalises it (RFC 3986, section 6.2.2) and the checks run
/// on that; libcurl then parses the normalised text and assembles it again. When libcurl's reading
/// differs from ours (a host written as a number, say), the URL is refused rather than requested as
/// something other than what was checked.
final class CurlURL {
  /// The handle, for `CURLOPT_CURLU`.
  let handle: OpaquePointer

  /// Parses `url` with libcurl; libcurl must be loaded.
  /// - Throws: `HTTPFailure.other` when libcurl refuses the URL or reads it as another URL.
  init(_ url: WebURL) throws(HTTPFailure) {
    guard let handle = intermission_curl_url() else { throw .other("curl_url failed") }
    self.handle = handle
    let code = intermission_curl_url_set(handle, CURLUPART_URL, url.description, 0)
    guard code == CURLUE_OK else { throw .other("libcurl refuses the URL \(url) (CURLUcode \(code.rawValue))") }
    let assembled = text(of: CURLUPART_URL)
    guard assembled == url.description else {
      throw .other("libcurl reads the URL \(url) as \(assembled.map(String.init(describing:)) ?? "nothing")")
    }
  }

  deinit { intermission_curl_url_cleanup(handle) }

  /// A part of the URL, as libcurl assembles it.
  private func text(of part: CURLUPart) -> String? {
    var content: UnsafeMutablePointer<CChar>?
    guard intermission_curl_url_get(handle, part, &content, 0) == CURLUE_OK, let content else { return nil }
    defer { intermission_curl_free(content) }
    return String(cString: content)
  }
}
