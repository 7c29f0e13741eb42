import IntermissionAds
import IntermissionCore

extension AdView {

  /// Where the Close button is in a view of `size`: at least 44×44 points.
  package static func closeButtonFrame(in size: Size) -> Rect {
    let width = max(44, min(116, size.width - 16))
    return Rect(x: max(8, size.width - width - 16), y: 16, width: width, height: 44)
  }

  /// Where the creative is drawn in a view of `size`, for an image of `imageSize` pixels: at its own
  /// size in points (a 2x image at half its pixels, at most 728 points wide), smaller only when the
  /// view is, aspect kept, centred under the header.
  package static func imageFrame(in size: Size, imageSize: Size) -> Rect {
    let natural = Size(width: imageSize.width / 2, height: imageSize.height / 2)
    let width = max(1, min(natural.width, size.width - 48))
    let height = max(1, min(natural.height, size.height * 0.3))
    let fitted = Rect(x: (size.width - width) / 2, y: 0, width: width, height: height).aspectFit(imageSize)
    // The page (creative, title, three lines, the call to action) centred between header and footer.
    let page = fitted.height + 16 + 36 + 4 + 72 + 12 + 48
    let top = max(76, 76 + (size.height - 76 - 44 - page) / 2)
    return fitted.offsetBy(dx: 0, dy: top)
  }

  /// Where the title and the description go below a creative at `image`.
  package static func textFrames(in size: Size, below image: Rect) -> (title: Rect, description: Rect) {
    let title = Rect(x: 24, y: image.maxY + 16, width: max(0, size.width - 48), height: 36)
    return (title, Rect(x: 24, y: title.maxY + 4, width: max(0, size.width - 48), height: 3 * 24))
  }

  /// Where the call-to-action button is below a creative at `image`, above the footer.
  package static func callToActionFrame(in size: Size, below image: Rect) -> Rect {
    let description = textFrames(in: size, below: image).description
    let width = min(240, max(44, size.width - 48))
    let y = min(description.maxY + 12, size.height - 44 - 52)
    return Rect(x: (size.width - width) / 2, y: max(image.maxY + 8, y), width: width, height: 48)
  }

  /// Where a full-screen ad's creative is drawn in a view of `size`, for an image of `imageSize`
  /// pixels: as large as the space between the header and the page's text allows, never larger
  /// than its pixels, aspect kept (letterboxed), centred.
  package static func fullscreenImageFrame(in size: Size, imageSize: Size) -> Rect {
    let below = 16 + 36 + 4 + 72 + 12 + 48 + 44 + 8.0
    let width = max(1, min(imageSize.width, size.width - 48))
    let height = max(1, min(imageSize.height, size.height - 76 - below))
    return Rect(x: (size.width - width) / 2, y: 76, width: width, height: height).aspectFit(imageSize)
  }

  /// The creative's frame when its image size is not known yet: a 728×90 banner.
  static func defaultImageFrame(in size: Size) -> Rect {
    imageFrame(in: size, imageSize: Size(width: 1456, height: 180))
  }
}
