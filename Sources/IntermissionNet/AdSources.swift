import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOpenRTB

/// The ad source for a manifest, made the same way for the intermission program and the C API.
package enum AdSources {
  /// Where ads come from: the manifest file, a demand file (ads bought over OpenRTB), or the ad
  /// server at its URL with the disk cache and the house ads; every load fails with
  /// `failsEveryLoad` (`--fail-ads`).
  /// - Parameters:
  ///   - manifest: a file path (a manifest or a demand file), or an http or https URL.
  ///   - client: fetches from the ad server.
  ///   - decoder: checks and decodes creative images.
  ///   - cacheFolder: where HTTP bodies are cached (`HTTPCache.defaultFolder`); nil caches nothing.
  ///   - fallbackManifest: house ads for when the server cannot be reached.
  ///   - failsEveryLoad: every load fails.
  ///   - isTest: a demand file's requests are test traffic (headless and fixed-step runs).
  ///   - environment: where the locale comes from (`LC_ALL`, `LC_MESSAGES`, `LANG`).
  package static func forManifest(
    _ manifest: String, client: HTTPClient, decoder: any ImageDecoder, cacheFolder: String?,
    fallbackManifest: String?, failsEveryLoad: Bool = false, isTest: Bool = false,
    environment: [String: String] = [:]
  ) -> any AdSource {
    guard !failsEveryLoad, let url = WebURL(manifest) else {
      if !failsEveryLoad, let bytes = try? RegularFile.read(manifest, limit: AdManifest.maximumSize),
        DemandFile.isDemandFile(bytes)
      {
        return demandSource(
          bytes, path: manifest, client: client, decoder: decoder, cacheFolder: cacheFolder, isTest: isTest,
          environment: environment)
      }
      var local = LocalAdSource(manifestPath: manifest, decoder: decoder, failsEveryLoad: failsEveryLoad)
      local.remoteVideos = RemoteVideoAds(
        client: client, cache: cacheFolder.map { HTTPCache(folder: $0) }, origin: nil)
      return local
    }
    var fallback = fallbackManifest.map { LocalAdSource(manifestPath: $0, decoder: decoder) }
    fallback?.remoteVideos = RemoteVideoAds(
      client: client, cache: cacheFolder.map { HTTPCache(folder: $0) }, origin: nil)
    return RemoteAdSource(
      manifestURL: url, client: client, decoder: decoder, cache: cacheFolder.map { HTTPCache(folder: $0) },
      fallback: fallback)
  }

  /// The client for the beacons of `source`'s ads: `client` itself, or, for ads bought from an
  /// endpoint on a public address, the same refusing every loopback, link-local or private address.
  package static func beaconClient(for source: any AdSource, client: HTTPClient) -> HTTPClient {
    guard let bought = source as? OpenRTBSource, !bought.allowsPrivateAddresses else { return client }
    return client.restricted(allowsPrivateAddresses: false)
  }

  private static func demandSource(
    _ bytes: [UInt8], path: String, client: HTTPClient, decoder: any ImageDecoder, cacheFolder: String?,
    isTest: Bool, environment: [String: String]
  ) -> any AdSource {
    do {
      let demand = try DemandFile.parse(bytes, path: path)
      let locale =
        environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
        ?? environment["LC_MESSAGES"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"]
      return OpenRTBSource(
        demand: demand, path: path, client: client, decoder: decoder, cache: cacheFolder.map { HTTPCache(folder: $0) },
        isTest: isTest, version: ProgramVersion.string, architecture: ProgramVersion.architecture, locale: locale)
    } catch {
      return FailingAdSource(error: error, name: path)
    }
  }
}
