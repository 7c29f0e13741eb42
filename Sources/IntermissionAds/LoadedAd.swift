import IntermissionCore

/// An ad whose manifest entry was validated and whose image was decoded, ready to show.
package struct LoadedAd: Sendable {
  /// Where a remote ad was served from when its server could not be reached.
  package enum Fallback: String, Hashable, Sendable {
    /// The last good manifest and images, from the disk cache.
    case cache
    /// The house ads of `--fallback-ads`.
    case houseAds = "fallback"
  }

  /// The ad.
  package let creative: AdCreative
  /// Its decoded image, uploaded to the canvas when first drawn.
  package let image: any DecodedImage
  /// Where it came from instead of its source, if its source could not be reached; nil for an ad
  /// served by its own source.
  package let fallback: Fallback?
  /// The formats its manifest lists, when the source knows them: the full-screen formats preload
  /// only when the banner's manifest lists them. Nil (a source of the game's own) means unknown.
  package var formats: Set<AdFormat>?

  /// The same ad with its creative as a game in `language` shows it (`AdCreative.localized(to:)`).
  package func localized(to language: String) -> LoadedAd {
    var copy = LoadedAd(creative: creative.localized(to: language), image: image, fallback: fallback)
    copy.formats = formats
    return copy
  }

  /// Creates a loaded ad.
  package init(creative: AdCreative, image: any DecodedImage, fallback: Fallback? = nil) {
    self.creative = creative
    self.image = image
    self.fallback = fallback
  }
}
