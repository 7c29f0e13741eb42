import IntermissionCore

/// Where ads come from: a local manifest (`LocalAdSource`), an ad server over HTTP, or anything a
/// game brings. `AdLoader` calls it on a worker thread, one load at a time.
package protocol AdSource: Sendable {
  /// Loads the ad at position `sequence` of the rotation (wrapping around the inventory): reads and
  /// validates the manifest, then fetches and decodes that ad's image. Blocks its worker thread.
  func loadAd(sequence: Int) -> Result<LoadedAd, AdError>

  /// Loads the ad at position `sequence` of the rotation of `format`'s entries. A source that
  /// knows only banners need not implement it: by default, the banner comes from
  /// `loadAd(sequence:)` and the full-screen formats have no ads.
  func loadAd(sequence: Int, format: AdFormat) -> Result<LoadedAd, AdError>

  /// The longest one load may take, in seconds, before the loader gives up on it.
  var loadTimeout: Double { get }

  /// What the user reads in a warning about this source: the manifest's path or URL.
  var name: String { get }

  /// What the source's last load of `format` has to tell besides its ad: the notices it owes
  /// buyers that no shown ad carries (an auction's loss notices), and the bids it refused. The
  /// loader takes them on its worker thread right after the load, and releases them with its
  /// result for the durable beacon queue and the trace. None by default.
  func takeReports(for format: AdFormat) -> [SourceReport]

  /// The view's size, for a source that reports it (an OpenRTB request's `device.w` and `h`).
  func noteViewSize(_ size: Size)

  /// The game's explicit language, a BCP 47 tag, for a source that reports it (an OpenRTB
  /// request's `device.language` and `langb`, which otherwise come from the locale).
  func noteLanguage(_ tag: String)

  /// Whether a load must wait until the view's size is known, because the request describes the
  /// view (OpenRTB). An overlay that is not told the size before its first update (a game's own
  /// loop, which draws after it updates) starts such a source's first load one frame later.
  var needsViewSize: Bool { get }

  /// The player's consent signals, for a source that sends them (OpenRTB's next request).
  func setConsent(_ signals: ConsentSignals)

  /// Whether a load must wait, sending nothing, until a player in a GDPR region has decided on
  /// consent: true for a source that asks a server while its client's gate is closed.
  var awaitsConsent: Bool { get }

  /// `format`'s price floor from now on, a CPM in `PriceFloor.currency` (0: none), for a source
  /// that holds auctions (OpenRTB's next request of the format). Checked by the caller.
  func setFloor(_ cpm: Double, for format: AdFormat)
}

extension AdSource {
  /// A manifest has nothing to report besides its loads.
  package func takeReports(for format: AdFormat) -> [SourceReport] { [] }

  /// A manifest does not care about the view's size.
  package func noteViewSize(_ size: Size) {}

  /// A manifest does not care about the game's language (its loader picks the texts).
  package func noteLanguage(_ tag: String) {}

  /// A manifest does not describe the view.
  package var needsViewSize: Bool { false }

  /// A manifest sends no consent signals: it asks nobody for ads.
  package func setConsent(_ signals: ConsentSignals) {}

  /// A local manifest's house ads never wait for consent.
  package var awaitsConsent: Bool { false }

  /// A manifest's house ads are not bought: they have no floor.
  package func setFloor(_ cpm: Double, for format: AdFormat) {}

  /// The banner from `loadAd(sequence:)`; no full-screen ads.
  package func loadAd(sequence: Int, format: AdFormat) -> Result<LoadedAd, AdError> {
    format == .banner ? loadAd(sequence: sequence) : .failure(.noFullscreenAds(format: format, path: name))
  }

  /// The ad at `sequence` of `creatives`, wrapping around in both directions.
  package static func creative(at sequence: Int, of creatives: [AdCreative]) -> AdCreative {
    creatives[((sequence % creatives.count) + creatives.count) % creatives.count]
  }

  /// The banner ad at `sequence` of the banner entries of `creatives` (the full-screen formats'
  /// entries are not the banner's).
  /// - Throws: `AdError.noBannerAds` when the manifest at `path` has none.
  package static func bannerCreative(at sequence: Int, of creatives: [AdCreative], path: String) throws(AdError)
    -> AdCreative
  {
    try creative(at: sequence, of: creatives, format: .banner, path: path)
  }

  /// The ad at `sequence` of the entries of `format` in `creatives`.
  /// - Throws: `AdError.noBannerAds` or `AdError.noFullscreenAds` when the manifest at `path` has
  ///   none.
  package static func creative(at sequence: Int, of creatives: [AdCreative], format: AdFormat, path: String)
    throws(AdError) -> AdCreative
  {
    let entries = creatives.filter { $0.format == format }
    guard !entries.isEmpty else {
      throw format == .banner ? .noBannerAds(path: path) : .noFullscreenAds(format: format, path: path)
    }
    return creative(at: sequence, of: entries)
  }

  /// `loaded`, saying which formats `creatives` (its manifest) lists.
  package static func listing(_ creatives: [AdCreative], in loaded: LoadedAd) -> LoadedAd {
    var listed = loaded
    listed.formats = Set(creatives.map(\.format))
    return listed
  }

  /// `loaded` if its image suits its format: a full-screen image at least
  /// `AdFormat.minimumFullscreenSize` and no narrower or flatter than 1:4.
  package static func checkedSize(_ loaded: LoadedAd) -> Result<LoadedAd, AdError> {
    let (width, height) = (loaded.image.pixelWidth, loaded.image.pixelHeight)
    guard loaded.creative.format != .banner else { return .success(loaded) }
    let minimum = AdFormat.minimumFullscreenSize
    guard Double(width) >= minimum.width, Double(height) >= minimum.height, width <= 4 * height, height <= 4 * width
    else { return .failure(.unsupportedImageSize(id: loaded.creative.id, width: width, height: height)) }
    return .success(loaded)
  }
}
