import IntermissionAds
import IntermissionCore

/// The full-window ad view that both presenters show: the banner's in-app landing page, and the
/// full-screen formats. The creative at its own size and aspect (letterboxed, never stretched), its
/// title and description, a call-to-action button when the ad has a landing URL, and Close.
///
/// Mouse, keyboard and controller all work: Tab moves a visible focus ring between the
/// call-to-action and Close, Return or Space activates the focused one, Escape (a controller's B or
/// Back arrives as Escape) closes. A full-screen ad adds a status line (the reward's countdown), a
/// countdown in place of Close until Close may be used, and a question for an early close.
package struct AdView: Hashable, Sendable {
  /// What the view asks the overlay to do after an event.
  package enum Outcome: Hashable, Sendable {
    /// Nothing more: the view used the event (it is modal) or ignored it.
    case none
    /// Close the view: Escape, or Close activated.
    case close
    /// Open the ad's landing URL: the call-to-action, or the creative itself, activated.
    case openLanding(String)
    /// Turn a playing video's sound off or on: its Mute button, or the M key.
    case toggleMute
    /// Play a video paused by its click-through again: any click or key in the view.
    case resumeVideo
  }

  /// Which button has the keyboard focus.
  package enum Focus: Hashable, Sendable {
    case callToAction, close
  }

  /// Which presenter shows the view.
  package enum Presentation: Hashable, Sendable {
    /// The banner's in-app action: a landing page whose creative is a 2x banner.
    case landingPage
    /// An interstitial or a rewarded ad: the creative as large as the window allows.
    case fullscreen
  }

  /// The ad shown.
  package let creative: AdCreative
  /// Which presenter shows the view.
  package let presentation: Presentation
  /// Whole seconds left before Close appears (an interstitial's countdown); nil when Close is there.
  package var closeCountdown: Int?
  /// A line in the header: a rewarded ad's countdown to its reward.
  package var status: String?
  /// A question above the footer: what closing now gives up.
  package var confirmation: String?
  /// The focused button, once Tab has been pressed.
  package private(set) var focus: Focus?
  /// While a video plays: the video fills the view, under the header and a Mute button. Nil shows
  /// the page (a picture, or a video's last frame once it completed).
  package var playingVideo: PlayingVideo?
  /// The view's own words, in the game's language; a right-to-left language mirrors the view.
  package let strings: AdStrings
  var closeButton: Button
  var callToAction: Button
  var muteButton: Button

  /// The call-to-action button's label in English.
  package static var callToActionTitle: String { AdStrings.english.text(.learnMore) }
  /// The footer's hint in English.
  package static var hint: String { AdStrings.english.text(.keysHint) }

  /// Creates the view for `creative`, as `presentation` shows it, in the language of `strings`.
  package init(creative: AdCreative, presentation: Presentation = .landingPage, strings: AdStrings = .english) {
    self.creative = creative
    self.presentation = presentation
    self.strings = strings
    closeButton = Button(title: strings.text(.close))
    callToAction = Button(title: creative.callToAction ?? strings.text(.learnMore))
    muteButton = Button(title: strings.text(.mute))
  }

  /// Whether the view is mirrored for a right-to-left language: its heading at the top right,
  /// Close at the top left, Mute at the bottom right.
  package var isMirrored: Bool { strings.isRightToLeft }

  /// `rect` as the view places it in a view `width` wide: mirrored when the view is.
  func placed(_ rect: Rect, width: Double) -> Rect {
    isMirrored ? Rect(x: width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) : rect
  }

  /// Where Close is in a view of `size`, mirrored as the view is.
  package func closeFrame(in size: Size) -> Rect { placed(AdView.closeButtonFrame(in: size), width: size.width) }

  /// The heading's band, between the view's edge and Close.
  func headerFrame(in size: Size) -> Rect {
    placed(
      Rect(x: 24, y: 16, width: max(0, AdView.closeButtonFrame(in: size).minX - 32), height: 44), width: size.width)
  }

  /// The language of the ad's own text: its creative's, else the game's.
  var adLanguage: String { creative.language ?? strings.language }

  /// Where the view's own text starts: its leading edge, the right one when mirrored.
  var leading: TextAlignment { isMirrored ? .trailing : .leading }

  /// Where the creative goes in a view of `size` for an image of `imageSize` pixels (nil before its
  /// upload), as this view presents it.
  func imageFrame(in size: Size, imageSize: Size?) -> Rect {
    switch presentation {
    case .landingPage:
      imageSize.map { AdView.imageFrame(in: size, imageSize: $0) } ?? AdView.defaultImageFrame(in: size)
    case .fullscreen:
      AdView.fullscreenImageFrame(in: size, imageSize: imageSize ?? Size(width: 1280, height: 720))
    }
  }

  // MARK: - Input

  /// Handles input while the view is open (it is modal: the game gets none).
  /// - Parameters:
  ///   - event: the input.
  ///   - viewSize: the view's size.
  ///   - imageSize: the creative's size in pixels, once it is uploaded (a 728×90 banner before).
  package mutating func handle(_ event: InputEvent, viewSize: Size, imageSize: Size? = nil) -> Outcome {
    if playingVideo != nil { return handleWhilePlaying(event, viewSize: viewSize, imageSize: imageSize) }
    let image = imageFrame(in: viewSize, imageSize: imageSize)
    closeButton.frame = closeFrame(in: viewSize)
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

  mutating func setFocus(_ newFocus: Focus) {
    focus = newFocus
    closeButton.isFocused = newFocus == .close
    callToAction.isFocused = newFocus == .callToAction
  }

  // MARK: - Drawing

  /// Draws the view over the whole of `canvas`.
  package func draw(on canvas: any Canvas, image: ImageHandle?) {
    if let playingVideo {
      drawPlaying(playingVideo, on: canvas, image: image)
      return
    }
    let size = canvas.size
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), color: Color(hex: 0x0B0F1A))
    drawHeader(on: canvas)
    let imageFrame = self.imageFrame(in: size, imageSize: image?.pixelSize)
    if let image { canvas.drawImage(image, in: imageFrame, opacity: 1) }
    let text = AdView.textFrames(in: size, below: imageFrame)
    canvas.drawText(
      creative.title, style: .heading, color: Theme.text, in: text.title, alignment: .center,
      language: adLanguage, truncating: true)
    if let description = creative.description {
      let lines = canvas.wrapText(
        description, style: .body, width: text.description.width, maxLines: 3, language: adLanguage)
      for (index, line) in lines.enumerated() {
        canvas.drawText(
          line, style: .body, color: Theme.mutedText,
          in: Rect(
            x: text.description.minX, y: text.description.minY + Double(index) * 24, width: text.description.width,
            height: 24),
          alignment: .center, language: adLanguage, truncating: true)
      }
    }
    if creative.landingURL != nil {
      var button = callToAction
      button.frame = AdView.callToActionFrame(in: size, below: imageFrame)
      button.draw(on: canvas, language: creative.callToAction == nil ? strings.language : creative.language)
    }
    drawFooter(on: canvas)
  }

  /// The hint of the keys along the bottom, the question above it, and Close (or its countdown).
  func drawFooter(on canvas: any Canvas) {
    let size = canvas.size
    canvas.drawText(
      strings.text(.keysHint), style: .caption, color: Theme.mutedText,
      in: Rect(x: 24, y: size.height - 40, width: max(0, size.width - 48), height: 28), alignment: .center,
      language: strings.language, truncating: true)
    drawConfirmation(on: canvas, fromBottom: 92)
    drawClose(on: canvas)
  }

  /// Close at its place, or its countdown while it may not be used yet.
  func drawClose(on canvas: any Canvas) {
    let closeFrame = self.closeFrame(in: canvas.size)
    if let closeCountdown {
      // No Close yet: its place counts down, 44×44 at its right edge.
      let disc = Rect(x: closeFrame.maxX - 44, y: closeFrame.minY, width: 44, height: 44)
      canvas.fill(disc, color: Theme.panel)
      canvas.outline(disc, color: Theme.mutedText, thickness: 2)
      canvas.drawText(String(closeCountdown), style: .body, color: Theme.text, in: disc, alignment: .center)
    } else {
      var close = closeButton
      close.frame = closeFrame
      close.draw(on: canvas, language: strings.language)
    }
  }
}
