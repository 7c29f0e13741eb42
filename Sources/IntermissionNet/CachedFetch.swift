import IntermissionAds
import IntermissionCore

/// Fetches bodies over HTTP(S) through the disk cache: revalidated with their ETag, stored when
/// new, fetched again in full when a cached body turns out damaged; images inspected as they
/// stream in. Shared by the manifest source and the OpenRTB source.
struct CachedFetch: Sendable {
  /// Why a fetch failed: the server was out of reach (`offline`) or something else was wrong.
  enum Failure: Error {
    case offline(AdError)
    case ad(AdError)
    /// A 304 for a cached body that turned out damaged (removed now): fetch it again in full.
    case cachedEntryDamaged
  }

  let client: HTTPClient
  let cache: HTTPCache?
  let decoder: any ImageDecoder

  /// The body at `url`: fetched (or revalidated from the cache), with its limits; cached when new.
  func body(_ url: String, maximumBytes: Int, inspect: Bool, redirects: HTTPClient.RedirectPolicy = .sameOrigin)
    throws(Failure) -> [UInt8]
  {
    do throws(Failure) {
      return try body(url, maximumBytes: maximumBytes, inspect: inspect, redirects: redirects, revalidating: true)
    } catch .cachedEntryDamaged {
      return try body(url, maximumBytes: maximumBytes, inspect: inspect, redirects: redirects, revalidating: false)
    }
  }

  private func body(
    _ url: String, maximumBytes: Int, inspect: Bool, redirects: HTTPClient.RedirectPolicy, revalidating: Bool
  ) throws(Failure) -> [UInt8] {
    // Only the ETag is read now; the cached body only if the server says it is still good.
    let etag = revalidating ? cache?.etag(for: url) : nil
    let decoder = self.decoder
    var inspector: (@Sendable ([UInt8]) -> ImageHeaderVerdict)?
    if inspect { inspector = { @Sendable prefix in decoder.inspectHeader(prefix) } }
    let outcome = client.get(
      url, maximumBytes: maximumBytes, ifNoneMatch: etag, redirects: redirects, inspect: inspector)
    switch outcome {
    case .failure(let failure):
      let error = AdError.transferFailed(url: url, reason: failure.description)
      throw failure.isOffline ? .offline(error) : .ad(error)
    case .success(let response) where response.status == 204:
      throw .ad(.noFill)
    case .success(let response) where response.status == 304:
      guard etag != nil else {
        throw .ad(.transferFailed(url: url, reason: "HTTP 304 to a request without a cached ETag"))
      }
      guard let cached = cache?.entry(for: url, maximumBytes: maximumBytes) else { throw .cachedEntryDamaged }
      return cached.body
    case .success(let response) where response.status == 200:
      cache?.store(response.body, etag: response.etag, for: url)
      return response.body
    case .success(let response):
      throw .ad(.transferFailed(url: url, reason: "HTTP \(response.status)"))
    }
  }

  /// The creative's image, fetched and decoded.
  func image(of creative: AdCreative) throws(Failure) -> any DecodedImage {
    let bytes = try body(creative.imagePath, maximumBytes: decoder.maximumFileSize, inspect: true)
    do {
      return try decoder.decodeImage(bytes: bytes)
    } catch {
      throw .ad(.imageCorrupt(id: creative.id, path: creative.imagePath, reason: "\(error)"))
    }
  }
}
