import IntermissionCore

/// The full-window in-app ad view: the creative large, its title and a Close button.
public struct AdView: Hashable, Sendable {
  /// The ad shown.
  public let creative: AdCreative
  private var closeButton = Button(title: "Close")

  /// Creates the view for `creative`.
  public init(creative: AdCreative) {
    self.creative = creative
  }

  /// Where the Close button is in a view of `size`.
  public static func closeButtonFrame(in size: Size) -> Rect {
    Rect(x: size.width - 132, y: 16, width: 116, height: 44)
  }

  /// Where the creative is drawn in a view of `size`, for an image of `imageSize`: as large as fits
  /// below the header, aspect kept.
  public static func imageFrame(in size: Size, imageSize: Size) -> Rect {
    Rect(x: 24, y: 76, width: max(1, size.width - 48), height: max(1, size.height - 76 - 90)).aspectFit(imageSize)
  }

  /// Handles input. Returns true if the view should close (Escape, or a click on Close).
  public mutating func handle(_ event: InputEvent, viewSize: Size) -> Bool {
    if case .keyDown(.escape) = event { return true }
    closeButton.frame = AdView.closeButtonFrame(in: viewSize)
    return closeButton.handle(event) == .activated
  }

  /// Draws the view over the whole of `canvas`.
  public func draw(on canvas: any Canvas, image: ImageHandle?) {
    let size = canvas.size
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), color: Color(hex: 0x0B0F1A))
    canvas.drawText(
      "Advertisement", style: .caption, color: Theme.mutedText, in: Rect(x: 24, y: 16, width: 200, height: 44),
      alignment: .leading)
    if let image {
      canvas.drawImage(image, in: AdView.imageFrame(in: size, imageSize: image.pixelSize), opacity: 1)
    }
    canvas.drawText(
      creative.title, style: .heading, color: Theme.text,
      in: Rect(x: 24, y: size.height - 80, width: size.width - 48, height: 40), alignment: .center)
    canvas.drawText(
      "Press Escape or Close to return to the game", style: .caption, color: Theme.mutedText,
      in: Rect(x: 24, y: size.height - 44, width: size.width - 48, height: 28), alignment: .center)
    var button = closeButton
    button.frame = AdView.closeButtonFrame(in: size)
    button.draw(on: canvas)
  }
}
