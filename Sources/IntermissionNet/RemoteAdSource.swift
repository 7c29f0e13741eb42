import IntermissionAds
import IntermissionBasics
import IntermissionCore

/// Ads from an ad server or a CDN: the manifest and the chosen ad's image fetched over HTTP(S) on
/// the loader's worker thread, within the manifest's and images' limits.
///
/// - A 204 is no fill; any other status but 200 (and 304 to a revalidation) is a failure naming it.
/// - Image paths resolve against the manifest's URL and must stay on its origin; so must redirects.
/// - Bodies are cached on disk by URL and revalidated with their ETag.
/// - When the server cannot be reached (offline, or a timeout), the last good manifest and images
///   from the cache serve, else the house ads of `fallback`, else the load fails.
package final class RemoteAdSource: AdSource, @unchecked Sendable {
  /// The manifest's URL.
  package let manifestURL: WebURL
  private let client: HTTPClient
  private let decoder: any ImageDecoder
  private let cache: HTTPCache?
  private let fallback: (any AdSource)?

  /// Asks the ad server: waits while its client's gate is closed (the player's consent).
  package var awaitsConsent: Bool { !client.gate.isOpen }

  /// Creates the source.
  /// - Parameters:
  ///   - manifestURL: the manifest.
  ///   - client: fetches with limits and timeouts.
  ///   - decoder: checks images as they stream in, and decodes them.
  ///   - cache: where bodies are kept for revalidation and offline use; nil caches nothing.
  ///   - fallback: house ads for when the server cannot be reached (`--fallback-ads`).
  package init(
    manifestURL: WebURL, client: HTTPClient, decoder: any ImageDecoder, cache: HTTPCache?, fallback: (any AdSource)?
  ) {
    self.manifestURL = manifestURL
    self.client = client
    self.decoder = decoder
    self.cache = cache
    self.fallback = fallback
  }

  package var name: String { manifestURL.description }

  /// Two transfers (the manifest and an image) at their total timeout, the decode, and the house ads.
  package var loadTimeout: Double {
    2 * client.timeouts.total + 2 + (fallback?.loadTimeout ?? 0)
  }

  package func loadAd(sequence: Int) -> Result<LoadedAd, AdError> { loadAd(sequence: sequence, format: .banner) }

  package func loadAd(sequence: Int, format: AdFormat) -> Result<LoadedAd, AdError> {
    do throws(LoadFailure) {
      let creatives = try fetchManifest()
      let creative: AdCreative
      do {
        creative = try Self.creative(at: sequence, of: creatives, format: format, path: name)
      } catch {
        throw .ad(error)
      }
      if let vast = creative.vastSource {
        let videos = RemoteVideoAds(client: client, cache: cache, origin: manifestURL)
        return videos.loadVideo(creative, vastURL: vast).map { Self.listing(creatives, in: $0) }
      }
      let loaded = LoadedAd(creative: creative, image: try fetcher.image(of: creative))
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

  private typealias LoadFailure = CachedFetch.Failure

  private var fetcher: CachedFetch { CachedFetch(client: client, cache: cache, decoder: decoder) }

  private func fetchManifest() throws(LoadFailure) -> [AdCreative] {
    let url = manifestURL.description
    let bytes = try fetcher.body(url, maximumBytes: AdManifest.maximumSize, inspect: false)
    do {
      return try AdManifest.parse(bytes, location: .web(manifestURL))
    } catch let error as AdError {
      throw .ad(error)
    } catch {
      throw .ad(.manifestMalformed(path: url, detail: "\(error)"))
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
