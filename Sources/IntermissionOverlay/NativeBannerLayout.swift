import IntermissionAds
import IntermissionCore

/// Where a native ad's assets go on a banner at `frame`: the image on the left (its own aspect, at
/// most a third of the width), the call-to-action button on the right, the title and, where there
/// is room, the description between them; all inside the margins that keep the "Ad" label clear.
/// Mirrored for a right-to-left language: the image on the right, the button on the left.
struct NativeBannerLayout: Hashable, Sendable {
  var image: Rect
  var title: Rect
  var titleStyle: TextStyle
  var description: Rect?
  var callToAction: Rect

  /// Where each asset goes on a banner at `frame`, for an image of `imageSize` pixels (nil before
  /// its upload), `mirrored` for a right-to-left language.
  init(frame: Rect, imageSize: Size?, mirrored: Bool = false) {
    let gap = 8.0
    let content = frame.insetBy(dx: AdOverlay.labelWidth, dy: 0).insetBy(dx: 0, dy: gap)
    let slot = Rect(
      x: content.minX, y: content.minY, width: min(content.width / 3, content.height * 2), height: content.height)
    image = imageSize.map { slot.aspectFit($0) } ?? slot
    let buttonWidth = min(140, content.width / 4)
    let buttonHeight = min(44, content.height)
    callToAction = Rect(
      x: content.maxX - buttonWidth, y: content.midY - buttonHeight / 2, width: buttonWidth, height: buttonHeight)
    let textLeft = slot.maxX + gap
    let textWidth = max(0, callToAction.minX - gap - textLeft)
    titleStyle = content.height >= 56 ? .heading : .body
    if content.height >= 56 {
      title = Rect(x: textLeft, y: content.minY, width: textWidth, height: content.height * 0.55)
      description = Rect(x: textLeft, y: title.maxY, width: textWidth, height: content.maxY - title.maxY)
    } else {
      title = Rect(x: textLeft, y: content.minY, width: textWidth, height: content.height)
      description = nil
    }
    if mirrored { mirror(in: frame) }
  }

  /// Reflects every asset's place about the middle of `frame`.
  private mutating func mirror(in frame: Rect) {
    func reflected(_ rect: Rect) -> Rect {
      Rect(x: frame.minX + frame.maxX - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }
    image = reflected(image)
    title = reflected(title)
    description = description.map(reflected)
    callToAction = reflected(callToAction)
  }
}
