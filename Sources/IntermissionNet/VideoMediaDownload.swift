import IntermissionAds
import IntermissionCore
import IntermissionOpenRTB
import IntermissionVAST

/// Brings a bought video ad's documents and media over HTTP(S), under the rules of every other ad
/// URL: https (http only when the endpoint is an http loopback one), no private or loopback
/// address unless the endpoint is on one (checked on the URL and again on the connection), and
/// media through the HTTP cache, played from its file.
struct VideoMediaDownload: Sendable {
  /// The largest media file accepted: 50 MiB.
  static let maximumMediaSize = 50 << 20

  let client: HTTPClient
  let cache: HTTPCache
  let rule: NativeAd.URLRule

  /// A wrapper's ad tag, fetched: the resolver's `fetch`.
  func adTag(_ url: String) -> Result<[UInt8], VASTError> {
    let checked: String
    do {
      checked = try rule.checked(url, "VASTAdTagURI")
    } catch {
      return .failure(VASTError(.wrapperTimeout, error.description))
    }
    switch client.get(checked, maximumBytes: XMLReader.maximumSize, redirects: .anyWebURL) {
    case .failure(let failure):
      return .failure(VASTError(.wrapperTimeout, "\(checked): \(failure.description)"))
    case .success(let response) where response.status == 200:
      return .success(response.body)
    case .success(let response) where response.status == 204:
      return .success([])
    case .success(let response):
      return .failure(VASTError(.wrapperTimeout, "\(checked): HTTP \(response.status)"))
    }
  }

  /// The media file at `url`, downloaded into the cache (or found there, its hash checked): its
  /// local path, pinned in the cache while the ad is ready or showing. The file streams from the
  /// network to the cache through a fixed buffer: it is never in memory whole.
  /// - Throws: `VASTError` 401 for a URL the rules refuse or a file the server does not have, 402
  ///   for one that did not arrive in time, 403 for one over `maximumMediaSize`.
  func mediaFile(_ url: String) throws(VASTError) -> (path: String, pin: MediaPin?) {
    let checked: String
    do {
      checked = try rule.checked(url, "MediaFile")
    } catch {
      throw VASTError(.fileNotFound, error.description)
    }
    if let cached = cache.pinnedBodyPath(for: checked) { return cached }
    guard let file = cache.incomingBody(for: checked) else {
      throw VASTError(.fileNotFound, "\(checked): the cache folder \(cache.folder) cannot be used")
    }
    let outcome = client.get(
      checked, into: file, maximumBytes: VideoMediaDownload.maximumMediaSize, redirects: .anyWebURL)
    // Only a whole 200's body is kept; anything else leaves no file behind.
    defer { if !file.isKept { cache.discard(file) } }
    switch outcome {
    case .failure(.timedOut(let reason)):
      throw VASTError(.mediaTimeout, "\(checked): timed out: \(reason)")
    case .failure(.tooLarge):
      throw VASTError(.noSupportedMedia, "\(checked): larger than \(VideoMediaDownload.maximumMediaSize >> 20) MiB")
    case .failure(let failure):
      throw VASTError(.fileNotFound, "\(checked): \(failure.description)")
    case .success(let response) where response.status == 200:
      guard let kept = cache.keep(file, etag: response.etag, for: checked) else {
        throw VASTError(.fileNotFound, "\(checked): the media file could not be kept in the cache (\(cache.folder))")
      }
      return kept
    case .success(let response):
      throw VASTError(.fileNotFound, "\(checked): HTTP \(response.status)")
    }
  }
}
