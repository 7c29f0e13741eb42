import IntermissionCore

/// An ad whose manifest entry was validated and whose image was decoded, ready to show.
public struct LoadedAd: Sendable {
  /// The ad.
  public let creative: AdCreative
  /// Its decoded image, uploaded to the canvas when first drawn.
  public let image: any DecodedImage

  /// Creates a loaded ad.
  public init(creative: AdCreative, image: any DecodedImage) {
    self.creative = creative
    self.image = image
  }
}
