import IntermissionAds
import IntermissionCore
import IntermissionVideo

extension LoadedAd {
  /// The same ad with its video's poster (its first picture, decoded at the video's own size)
  /// scaled to the size a view of `view` draws the video at, which is also the size its decoder is
  /// asked for (`VideoShow.sizes(of:in:)`). The canvas then makes the poster's texture at the size
  /// of the frames that follow: the show's first frame updates that texture, where a poster of
  /// another size would be replaced by a new texture in that frame. Unchanged when the ad is no
  /// video, the view is not known yet, the poster already has that size, or it cannot be scaled (it
  /// then shows at its own size, as before). Called on the loader's worker.
  func withPosterFitted(to view: (size: Size, pixelsPerPoint: Double)?) -> LoadedAd {
    guard let video = creative.video, let poster = image as? YUVImage,
      let output = VideoShow.sizes(of: video, in: view).output,
      output.width != poster.pixelWidth || output.height != poster.pixelHeight,
      let scaled = try? poster.scaled(width: output.width, height: output.height)
    else { return self }
    var copy = LoadedAd(creative: creative, image: scaled, fallback: fallback)
    copy.formats = formats
    return copy
  }
}
