import IntermissionAds
import IntermissionCore

/// How the banner and the overlay's notices look, drawn through `Canvas` from what the overlay says
/// is there: the banner's frame and opacity, its creative, and the text of a notice.
enum BannerArtwork {
  /// The banner at `frame`, at `opacity` (it fades while it slides): a dark strip, the creative at
  /// its own aspect clear of the "Ad" label, an accent line along its top, and the label.
  /// A bought (native) ad is composed here from its assets instead: `drawNative`.
  static func drawBanner(
    in frame: Rect, opacity: Double, image: ImageHandle?, ad: AdCreative? = nil, strings: AdStrings = .english,
    on canvas: any Canvas
  ) {
    canvas.fill(frame, color: Color(hex: 0x05070C).withOpacity(opacity))
    if let ad, ad.isNative {
      drawNative(ad, in: frame, opacity: opacity, image: image, strings: strings, on: canvas)
    } else if let image {
      // The creative keeps clear of the "Ad" label: it fits between two margins of the label's width.
      canvas.drawImage(image, in: AdOverlay.creativeFrame(in: frame, imageSize: image.pixelSize), opacity: opacity)
    }
    canvas.fill(
      Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 1), color: Theme.accent.withOpacity(opacity))
    drawLabel(strings, in: frame, opacity: opacity, on: canvas)
  }

  /// The "Ad" label in the banner's top corner at its start (the right one in a right-to-left
  /// language): in its margin, or, for a longer word ("Anzeige", "Реклама"), on a tab of the
  /// banner's colour that covers as much of the creative as the word needs.
  static func drawLabel(_ strings: AdStrings, in frame: Rect, opacity: Double, on canvas: any Canvas) {
    let text = strings.text(.adLabel)
    let width = canvas.measureText(text, style: .caption, language: strings.language).width
    let margin = AdOverlay.labelWidth - 6
    var tab = Rect(x: frame.minX + 6, y: frame.minY + 2, width: max(margin, width), height: 18)
    if strings.isRightToLeft { tab.origin.x = frame.maxX - 6 - tab.width }
    if width > margin {
      canvas.fill(tab.insetBy(dx: -3, dy: 0), color: Color(hex: 0x05070C).withOpacity(opacity * 0.85))
    }
    canvas.drawText(
      text, style: .caption, color: Theme.text.withOpacity(opacity), in: tab,
      alignment: strings.isRightToLeft ? .trailing : .leading, language: strings.language, truncating: true)
  }

  /// A native ad on the banner: its main image at its own aspect on the left, the title and the
  /// description beside it, and the call to action as a button on the right, all clear of the
  /// "Ad" label; mirrored, with the text at the right, in a right-to-left language.
  static func drawNative(
    _ ad: AdCreative, in frame: Rect, opacity: Double, image: ImageHandle?, strings: AdStrings = .english,
    on canvas: any Canvas
  ) {
    let layout = NativeBannerLayout(frame: frame, imageSize: image?.pixelSize, mirrored: strings.isRightToLeft)
    let leading: TextAlignment = strings.isRightToLeft ? .trailing : .leading
    if let image { canvas.drawImage(image, in: layout.image, opacity: opacity) }
    canvas.drawText(
      ad.title, style: layout.titleStyle, color: Theme.text.withOpacity(opacity), in: layout.title, alignment: leading,
      language: ad.language ?? strings.language, truncating: true)
    if let description = ad.description, let area = layout.description {
      canvas.drawText(
        description, style: .caption, color: Theme.mutedText.withOpacity(opacity), in: area, alignment: leading,
        language: ad.language ?? strings.language, truncating: true)
    }
    canvas.fill(layout.callToAction, color: Theme.button.withOpacity(opacity))
    canvas.drawText(
      ad.callToAction ?? strings.text(.learnMore), style: layout.titleStyle == .heading ? .body : .caption,
      color: Theme.text.withOpacity(opacity), in: layout.callToAction, alignment: .center,
      language: ad.callToAction == nil ? strings.language : ad.language ?? strings.language, truncating: true)
  }

  /// A message for the player in a dark pill above the banner's place, in the middle.
  static func drawNotice(_ text: String, on canvas: any Canvas) {
    let size = canvas.size
    let textSize = canvas.measureText(text, style: .body)
    let width = min(size.width - 16, textSize.width + 32)
    let height = textSize.height + 16
    let bottom = size.height - AdBanner.height(forWidth: size.width) - 12
    let box = Rect(x: (size.width - width) / 2, y: max(8, bottom - height), width: width, height: height)
    canvas.fill(box, color: Color(hex: 0x05070C).withOpacity(0.92))
    canvas.outline(box, color: Theme.accent, thickness: 1)
    canvas.drawText(text, style: .body, color: Theme.text, in: box, alignment: .center)
  }
}
