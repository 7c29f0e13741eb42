import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOpenRTB
import IntermissionVAST

/// Video ads whose VAST document is on the network: a manifest's `"vast"` https URL, or any video
/// entry of a remote manifest. The document comes through the HTTP cache, its wrappers and media
/// as a bought video's do (`VideoMediaDownload`); a media file named by a relative URL resolves
/// against the document's URL.
package struct RemoteVideoAds: VideoAdFetching {
  private let fetcher: CachedFetch
  private let videos: VideoMediaDownload

  /// Creates the loader.
  /// - Parameters:
  ///   - client: fetches, with its limits and timeouts.
  ///   - cache: where documents and media files are kept; nil keeps media in a temporary folder.
  ///   - origin: the URL of what the ads came from (the remote manifest's); nil for a manifest file.
  ///     Only a loopback origin lets ads use http and loopback or private addresses.
  package init(client: HTTPClient, cache: HTTPCache?, origin: WebURL?) {
    let rule = NativeAd.URLRule(endpoint: origin ?? WebURL("https://example.com/")!)
    let guarded = client.restricted(allowsPrivateAddresses: rule.allowedScope != .public)
    fetcher = CachedFetch(client: guarded, cache: cache, decoder: NoImages())
    videos = VideoMediaDownload(
      client: guarded, cache: cache ?? HTTPCache(folder: OpenRTBSource.temporaryMediaFolder()), rule: rule)
  }

  package func loadVideo(_ creative: AdCreative, vastURL: String) -> Result<LoadedAd, AdError> {
    func failed(_ error: VASTError) -> Result<LoadedAd, AdError> {
      .failure(.vastFailed(id: creative.id, code: error.code.rawValue, reason: error.reason, errorURLs: []))
    }
    let checked: String
    do {
      checked = try videos.rule.checked(vastURL, "vast")
    } catch {
      return failed(VASTError(.wrapperTimeout, error.description))
    }
    let bytes: [UInt8]
    do throws(CachedFetch.Failure) {
      bytes = try fetcher.body(checked, maximumBytes: XMLReader.maximumSize, inspect: false, redirects: .anyWebURL)
    } catch {
      switch error {
      case .offline(let error), .ad(let error): return failed(VASTError(.wrapperTimeout, error.description))
      case .cachedEntryDamaged: return failed(VASTError(.wrapperTimeout, "\(checked): a damaged cache entry"))
      }
    }
    let videos = self.videos
    let base = WebURL(checked)
    let preparation = VideoAdPreparation(
      fetch: { url in videos.adTag(url) },
      locateMedia: { reference throws(VASTError) in
        guard let resolved = base?.resolving(reference) else {
          throw VASTError(.fileNotFound, "media file '\(PrintableText.escaping(reference, limit: 200))' is no URL")
        }
        return try videos.mediaFile(resolved.description)
      })
    return preparation.load(creative, vast: bytes)
  }
}

/// A decoder for fetches that are never images (VAST documents): it takes nothing.
private struct NoImages: ImageDecoder {
  struct Refusal: Error {}
  func decodeImage(atPath path: String) throws -> any DecodedImage { throw Refusal() }
  func decodeImage(bytes: [UInt8]) throws -> any DecodedImage { throw Refusal() }
  var maximumFileSize: Int { XMLReader.maximumSize }
}
