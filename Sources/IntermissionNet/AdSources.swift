import IntermissionAds
import IntermissionCore

/// The ad source for a manifest, made the same way for the intermission program and the C API.
public enum AdSources {
  /// Where ads come from: the manifest file, or the ad server at its URL with the disk cache and
  /// the house ads; every load fails with `failsEveryLoad` (`--fail-ads`).
  /// - Parameters:
  ///   - manifest: a file path, or an http or https URL.
  ///   - client: fetches from the ad server.
  ///   - decoder: checks and decodes creative images.
  ///   - cacheFolder: where HTTP bodies are cached (`HTTPCache.defaultFolder`); nil caches nothing.
  ///   - fallbackManifest: house ads for when the server cannot be reached.
  ///   - failsEveryLoad: every load fails.
  public static func forManifest(
    _ manifest: String, client: HTTPClient, decoder: any ImageDecoder, cacheFolder: String?,
    fallbackManifest: String?, failsEveryLoad: Bool = false
  ) -> any AdSource {
    guard !failsEveryLoad, let url = WebURL(manifest) else {
      return LocalAdSource(manifestPath: manifest, decoder: decoder, failsEveryLoad: failsEveryLoad)
    }
    return RemoteAdSource(
      manifestURL: url, client: client, decoder: decoder, cache: cacheFolder.map { HTTPCache(folder: $0) },
      fallback: fallbackManifest.map { LocalAdSource(manifestPath: $0, decoder: decoder) })
  }
}
