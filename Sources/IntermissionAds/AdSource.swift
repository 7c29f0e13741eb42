/// Where ads come from: a local manifest (`LocalAdSource`), an ad server over HTTP, or anything a
/// game brings. `AdLoader` calls it on a worker thread, one load at a time.
public protocol AdSource: Sendable {
  /// Loads the ad at position `sequence` of the rotation (wrapping around the inventory): reads and
  /// validates the manifest, then fetches and decodes that ad's image. Blocks its worker thread.
  func loadAd(sequence: Int) -> Result<LoadedAd, AdError>

  /// The longest one load may take, in seconds, before the loader gives up on it.
  var loadTimeout: Double { get }

  /// What the user reads in a warning about this source: the manifest's path or URL.
  var name: String { get }
}

extension AdSource {
  /// The ad at `sequence` of `creatives`, wrapping around in both directions.
  public static func creative(at sequence: Int, of creatives: [AdCreative]) -> AdCreative {
    creatives[((sequence % creatives.count) + creatives.count) % creatives.count]
  }

  /// The banner ad at `sequence` of the banner entries of `creatives` (the full-screen formats'
  /// entries are not the banner's).
  /// - Throws: `AdError.noBannerAds` when the manifest at `path` has none.
  public static func bannerCreative(at sequence: Int, of creatives: [AdCreative], path: String) throws(AdError)
    -> AdCreative
  {
    let banners = creatives.filter { $0.format == .banner }
    guard !banners.isEmpty else { throw .noBannerAds(path: path) }
    return creative(at: sequence, of: banners)
  }
}
