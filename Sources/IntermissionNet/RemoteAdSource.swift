import IntermissionAds
import IntermissionCore

/// Ads from an ad server or a CDN: the manifest and the chosen ad's image fetched over HTTP(S) on
/// the loader's worker thread, within the manifest's and images' limits.
///
/// - A 204 is no fill; any other status but 200 (and 304 to a revalidation) is a failure naming it.
/// - Image paths resolve against the manifest's URL and must stay on its origin; so must redirects.
/// - Bodies are cached on disk by URL and revalidated with their ETag.
/// - When the server cannot be reached (offline, or a timeout), the last good manifest and images
///   from the cache serve, else the house ads of `fallback`, else the load fails.
public final class RemoteAdSource: AdSource, @unchecked Sendable {
  /// The manifest's URL.
  public let manifestURL: WebURL
  private let client: HTTPClient
  private let decoder: any ImageDecoder
  private let cache: HTTPCache?
  private let fallback: (any AdSource)?

  /// Creates the source.
  /// - Parameters:
  ///   - manifestURL: the manifest.
  ///   - client: fetches with limits and timeouts.
  ///   - decoder: checks images as they stream in, and decodes them.
  ///   - cache: where bodies are kept for revalidation and offline use; nil caches nothing.
  ///   - fallback: house ads for when the server cannot be reached (`--fallback-ads`).
  public init(
    manifestURL: WebURL, client: HTTPClient, decoder: any ImageDecoder, cache: HTTPCache?, fallback: (any AdSource)?
  ) {
    self.manifestURL = manifestURL
    self.client = client
    self.decoder = decoder
    self.cache = cache
    self.fallback = fallback
  }

  public var name: String { manifestURL.description }

  /// Two transfers (the manifest and an image) at their total timeout, the decode, and the house ads.
  public var loadTimeout: Double {
    2 * client.timeouts.total + 2 + (fallback?.loadTimeout ?? 0)
  }

  public func loadAd(sequence: Int) -> Result<LoadedAd, AdError> { loadAd(sequence: sequence, format: .banner) }

  public func loadAd(sequence: Int, format: AdFormat) -> Result<LoadedAd, AdError> {
    do throws(LoadFailure) {
      let creatives = try fetchManifest()
      let creative: AdCreative
      do {
        creative = try Self.creative(at: sequence, of: creatives, format: format, path: name)
      } catch {
        throw .ad(error)
      }
      let image = try fetch(creative.imagePath, maximumBytes: decoder.maximumFileSize, inspect: true)
      let loaded = LoadedAd(creative: creative, image: try decode(image, of: creative))
      return Self.checkedSize(Self.listing(creatives, in: loaded))
    } catch {
      switch error {
      case .offline(let error): return serveOffline(sequence: sequence, format: format, error: error)
      case .ad(let error): return .failure(error)
      case .cachedEntryDamaged: return .failure(.transferFailed(url: name, reason: "a damaged cache entry"))
      }
    }
  }

  // MARK: - Fetching

  /// Why a load failed: the server was out of reach (`offline`) or something else was wrong.
  private enum LoadFailure: Error {
    case offline(AdError)
    case ad(AdError)
    /// A 304 for a cached body that turned out damaged (removed now): fetch it again in full.
    case cachedEntryDamaged
  }

  private func fetchManifest() throws(LoadFailure) -> [AdCreative] {
    let url = manifestURL.description
    let bytes = try fetch(url, maximumBytes: AdManifest.maximumSize, inspect: false)
    do {
      return try AdManifest.parse(bytes, location: .web(manifestURL))
    } catch let error as AdError {
      throw .ad(error)
    } catch {
      throw .ad(.manifestMalformed(path: url, detail: "\(error)"))
    }
  }

  /// The body at `url`: fetched (or revalidated from the cache), with its limits; cached when new.
  /// A cached body found damaged after a 304 is removed and fetched again in full.
  private func fetch(_ url: String, maximumBytes: Int, inspect: Bool) throws(LoadFailure) -> [UInt8] {
    do throws(LoadFailure) {
      return try fetch(url, maximumBytes: maximumBytes, inspect: inspect, revalidating: true)
    } catch .cachedEntryDamaged {
      return try fetch(url, maximumBytes: maximumBytes, inspect: inspect, revalidating: false)
    }
  }

  private func fetch(_ url: String, maximumBytes: Int, inspect: Bool, revalidating: Bool) throws(LoadFailure)
    -> [UInt8]
  {
    // Only the ETag is read now; the cached body only if the server says it is still good.
    let etag = revalidating ? cache?.etag(for: url) : nil
    let decoder = self.decoder
    var inspector: (@Sendable ([UInt8]) -> ImageHeaderVerdict)?
    if inspect { inspector = { @Sendable prefix in decoder.inspectHeader(prefix) } }
    let outcome = client.get(
      url, maximumBytes: maximumBytes, ifNoneMatch: etag, redirects: .sameOrigin, inspect: inspector)
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

  private func decode(_ bytes: [UInt8], of creative: AdCreative) throws(LoadFailure) -> any DecodedImage {
    do {
      return try decoder.decodeImage(bytes: bytes)
    } catch {
      throw .ad(.imageCorrupt(id: creative.id, path: creative.imagePath, reason: "\(error)"))
    }
  }

  // MARK: - Offline

  /// The last good ads from the cache, else the house ads, else `error`.
  private func serveOffline(sequence: Int, format: AdFormat, error: AdError) -> Result<LoadedAd, AdError> {
    if let cache, let manifest = cache.entry(for: manifestURL.description, maximumBytes: AdManifest.maximumSize),
      let listed = try? AdManifest.parse(manifest.body, location: .web(manifestURL))
    {
      let creatives = listed.filter { $0.format == format }
      // The ad at this place in the rotation, or the next one whose image is cached.
      for offset in 0..<creatives.count {
        let creative = Self.creative(at: sequence + offset, of: creatives)
        if let image = cache.entry(for: creative.imagePath, maximumBytes: decoder.maximumFileSize),
          let decoded = try? decoder.decodeImage(bytes: image.body)
        {
          return Self.checkedSize(
            Self.listing(listed, in: LoadedAd(creative: creative, image: decoded, fallback: .cache)))
        }
      }
    }
    if let fallback, case .success(let loaded) = fallback.loadAd(sequence: sequence, format: format) {
      var house = LoadedAd(creative: loaded.creative, image: loaded.image, fallback: .houseAds)
      house.formats = loaded.formats
      return .success(house)
    }
    return .failure(error)
  }
}
