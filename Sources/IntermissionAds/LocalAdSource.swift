import IntermissionBasics
import IntermissionCore
import IntermissionVAST

/// Ads from a manifest file and image files inside its folder, read afresh on every load.
package struct LocalAdSource: AdSource {
  /// The manifest.
  package let manifestPath: String
  private let decoder: any ImageDecoder
  private let failsEveryLoad: Bool
  package let loadTimeout: Double
  /// Loads the video ads whose VAST document is an https URL; nil refuses them (VAST error 301).
  package var remoteVideos: (any VideoAdFetching)?

  /// Creates the source.
  /// - Parameters:
  ///   - manifestPath: the manifest to read on every load.
  ///   - decoder: decodes creative images (thread-safe).
  ///   - failsEveryLoad: make every load fail with `AdError.loadingDisabled` (`--fail-ads`).
  ///   - loadTimeout: seconds after which an unfinished load fails.
  package init(
    manifestPath: String, decoder: any ImageDecoder, failsEveryLoad: Bool = false,
    loadTimeout: Double = AdLoader.defaultTimeout
  ) {
    self.manifestPath = manifestPath
    self.decoder = decoder
    self.failsEveryLoad = failsEveryLoad
    self.loadTimeout = loadTimeout
  }

  package var name: String { manifestPath }

  package func loadAd(sequence: Int) -> Result<LoadedAd, AdError> { loadAd(sequence: sequence, format: .banner) }

  package func loadAd(sequence: Int, format: AdFormat) -> Result<LoadedAd, AdError> {
    if failsEveryLoad { return .failure(.loadingDisabled) }
    do {
      let creatives = try AdManifest.load(path: manifestPath)
      let creative = try Self.creative(at: sequence, of: creatives, format: format, path: manifestPath)
      if let vast = creative.vastSource {
        return loadVideo(creative, vast: vast).map { Self.listing(creatives, in: $0) }
      }
      do {
        let image = try decoder.decodeImage(atPath: creative.imagePath)
        return Self.checkedSize(Self.listing(creatives, in: LoadedAd(creative: creative, image: image)))
      } catch {
        throw AdError.imageCorrupt(id: creative.id, path: creative.imagePath, reason: "\(error)")
      }
    } catch let error as AdError {
      return .failure(error)
    } catch {
      return .failure(.manifestUnreadable(path: manifestPath, reason: "\(error)"))
    }
  }

  /// A house video ad: its VAST file beside the manifest, and its media files beside that.
  private func loadVideo(_ creative: AdCreative, vast path: String) -> Result<LoadedAd, AdError> {
    func failed(_ code: VASTError.Code, _ reason: String) -> Result<LoadedAd, AdError> {
      .failure(.vastFailed(id: creative.id, code: code.rawValue, reason: reason, errorURLs: []))
    }
    if creative.isRemote {
      guard let remoteVideos else { return failed(.wrapperTimeout, "no network to fetch the VAST URL \(path) with") }
      return remoteVideos.loadVideo(creative, vastURL: path)
    }
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path, limit: XMLReader.maximumSize)
    } catch {
      return failed(.xmlParsing, "VAST file '\(path)': \(error.description)")
    }
    let folder = FilePath.folder(of: manifestPath)
    let media = HouseVideoMedia(vastPath: path, folder: FilePath.resolved(folder) ?? folder)
    let preparation = VideoAdPreparation(
      fetch: { url in
        .failure(VASTError(.wrapperTimeout, "a house VAST file's wrapper '\(url.prefix(200))' needs an ad server"))
      },
      locateMedia: { reference throws(VASTError) in (try media.locate(reference), nil) })
    return preparation.load(creative, vast: bytes)
  }
}
