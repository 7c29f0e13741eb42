import IntermissionCore

/// The full-window in-app ad view: a landing page. The creative at its own size and aspect, its
/// title and description, a call-to-action button when the ad has a landing URL, and Close.
///
/// Mouse, keyboard and controller all work: Tab moves a visible focus ring between the
/// call-to-action and Close, Return or Space activates the focused one, Escape (a controller's B or
/// Back arrives as Escape) closes.
public struct AdView: Hashable, Sendable {
  /// What the view asks the overlay to do after an event.
  public enum Outcome: Hashable, Sendable {
    /// Nothing more: the view used the event (it is modal) or ignored it.
    case none
    /// Close the view: Escape, or Close activated.
    case close
    /// Open the ad's landing URL: the call-to-action, or the creative itself, activated.
    case openLanding(String)
  }

  /// Which button has the keyboard focus.
  public enum Focus: Hashable, Sendable {
    case callToAction, close
  }

  /// The ad shown.
  public let creative: AdCreative
  /// The focused button, once Tab has been pressed.
  public private(set) var focus: Focus?
  private var closeButton = Button(title: "Close")
  private var callToAction = Button(title: AdView.callToActionTitle)

  /// The call-to-action button's label.
  public static let callToActionTitle = "Learn more"
  /// The footer's hint.
  public static let hint = "Escape or Close returns to the game · Tab and Return work too"

  /// Creates the view for `creative`.
  public init(creative: AdCreative) {
    self.creative = creative
  }

  // MARK: - Layout

  /// Where the Close button is in a view of `size`: at least 44×44 points.
  public static func closeButtonFrame(in size: Size) -> Rect {
    let width = max(44, min(116, size.width - 16))
    return Rect(x: max(8, size.width - width - 16), y: 16, width: width, height: 44)
  }

  /// Where the creative is drawn in a view of `size`, for an image of `imageSize` pixels: at its own
  /// size in points (a 2x image at half its pixels, at most 728 points wide), smaller only when the
  /// view is, aspect kept, centred under the header.
  public static func imageFrame(in size: Size, imageSize: Size) -> Rect {
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
  public static func textFrames(in size: Size, below image: Rect) -> (title: Rect, description: Rect) {
    let title = Rect(x: 24, y: image.maxY + 16, width: max(0, size.width - 48), height: 36)
    return (title, Rect(x: 24, y: title.maxY + 4, width: max(0, size.width - 48), height: 3 * 24))
  }

  /// Where the call-to-action button is below a creative at `image`, above the footer.
  public static func callToActionFrame(in size: Size, below image: Rect) -> Rect {
    let description = textFrames(in: size, below: image).description
    let width = min(240, max(44, size.width - 48))
    let y = min(description.maxY + 12, size.height - 44 - 52)
    return Rect(x: (size.width - width) / 2, y: max(image.maxY + 8, y), width: width, height: 48)
  }

  /// The creative's frame when its image size is not known yet: a 728×90 banner.
  static func defaultImageFrame(in size: Size) -> Rect {
    imageFrame(in: size, imageSize: Size(width: 1456, height: 180))
  }

  // MARK: - Input

  /// Handles input while the view is open (it is modal: the game gets none).
  /// - Parameters:
  ///   - event: the input.
  ///   - viewSize: the view's size.
  ///   - imageSize: the creative's size in pixels, once it is uploaded (a 728×90 banner before).
  public mutating func handle(_ event: InputEvent, viewSize: Size, imageSize: Size? = nil) -> Outcome {
    let image =
      imageSize.map { AdView.imageFrame(in: viewSize, imageSize: $0) } ?? AdView.defaultImageFrame(in: viewSize)
    closeButton.frame = AdView.closeButtonFrame(in: viewSize)
    callToAction.frame = AdView.callToActionFrame(in: viewSize, below: image)
    let landing = creative.landingURL
    switch event {
    case .keyDown(.escape):
      return .close
    case .keyDown(.tab):
      let order: [Focus] = landing == nil ? [.close] : [.callToAction, .close]
      let next = focus.flatMap { order.firstIndex(of: $0) }.map { (($0 + 1) % order.count) } ?? 0
      setFocus(order[next])
      return .none
    case .keyDown(.returnKey), .keyDown(.space):
      switch focus {
      case .close: return .close
      case .callToAction: return landing.map(Outcome.openLanding) ?? .none
      case nil: return .none
      }
    case .pointerUp(let point) where image.contains(point) && !callToAction.isPressed:
      // The creative is part of the call to action: its painted button must not be a dud.
      if let landing { return .openLanding(landing) }
    default:
      break
    }
    if closeButton.handle(event) == .activated { return .close }
    if let landing, callToAction.handle(event) == .activated { return .openLanding(landing) }
    return .none
  }

  private mutating func setFocus(_ newFocus: Focus) {
    focus = newFocus
    closeButton.isFocused = newFocus == .close
    callToAction.isFocused = newFocus == .callToAction
  }

  // MARK: - Drawing

  /// Draws the view over the whole of `canvas`.
  public func draw(on canvas: any Canvas, image: ImageHandle?) {
    let size = canvas.size
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), color: Color(hex: 0x0B0F1A))
    canvas.drawText(
      "Advertisement", style: .caption, color: Theme.mutedText,
      in: Rect(x: 24, y: 16, width: max(0, AdView.closeButtonFrame(in: size).minX - 32), height: 44),
      alignment: .leading)
    let imageFrame =
      image.map { AdView.imageFrame(in: size, imageSize: $0.pixelSize) } ?? AdView.defaultImageFrame(in: size)
    if let image { canvas.drawImage(image, in: imageFrame, opacity: 1) }
    let text = AdView.textFrames(in: size, below: imageFrame)
    canvas.drawText(creative.title, style: .heading, color: Theme.text, in: text.title, alignment: .center)
    if let description = creative.description {
      let lines = AdView.wrap(description, width: text.description.width, maxLines: 3, canvas: canvas)
      for (index, line) in lines.enumerated() {
        canvas.drawText(
          line, style: .body, color: Theme.mutedText,
          in: Rect(
            x: text.description.minX, y: text.description.minY + Double(index) * 24, width: text.description.width,
            height: 24),
          alignment: .center)
      }
    }
    if creative.landingURL != nil {
      var button = callToAction
      button.frame = AdView.callToActionFrame(in: size, below: imageFrame)
      button.draw(on: canvas)
    }
    canvas.drawText(
      AdView.hint, style: .caption, color: Theme.mutedText,
      in: Rect(x: 24, y: size.height - 40, width: max(0, size.width - 48), height: 28), alignment: .center)
    var close = closeButton
    close.frame = AdView.closeButtonFrame(in: size)
    close.draw(on: canvas)
  }

  /// `text` in lines no wider than `width` (words kept whole where they fit), at most `maxLines`,
  /// the last one ending in an ellipsis when text is left over.
  static func wrap(_ text: String, width: Double, maxLines: Int, canvas: any Canvas) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if canvas.measureText(candidate, style: .body).width <= width || current.isEmpty {
        current = candidate
      } else {
        lines.append(current)
        current = String(word)
        if lines.count == maxLines { break }
      }
    }
    if lines.count < maxLines, !current.isEmpty {
      lines.append(current)
    } else if lines.count == maxLines {
      lines[maxLines - 1] += "…"
    }
    return lines
  }
}
