import IntermissionAds
import IntermissionCore

extension AdView {
  /// What a playing video's view shows besides the video.
  package struct PlayingVideo: Hashable, Sendable {
    /// Whether its sound is off (the Mute button then reads "Unmute"); nil for a video without
    /// sound, which has no Mute button.
    package var isMuted: Bool?
    /// Whether it is paused by its click-through: a hint says how to go on.
    package var isPausedByClick = false

    /// Creates the state of a playing video.
    package init(isMuted: Bool?, isPausedByClick: Bool = false) {
      self.isMuted = isMuted
      self.isPausedByClick = isPausedByClick
    }
  }

  /// The hint over a video paused by its click-through, in English.
  package static var resumeHint: String { AdStrings.english.text(.resumeHint) }

  /// Where Mute is in a view of `size`, mirrored as the view is.
  package func muteFrame(in size: Size) -> Rect { placed(AdView.muteButtonFrame(in: size), width: size.width) }

  /// Where the Mute button is in a view of `size`: bottom left, 44 points high.
  package static func muteButtonFrame(in size: Size) -> Rect {
    Rect(x: 16, y: max(0, size.height - 60), width: 112, height: 44)
  }

  /// Where a playing video is drawn: the whole view, aspect kept (letterboxed on black).
  package static func videoFrame(in size: Size, videoSize: Size) -> Rect {
    Rect(x: 0, y: 0, width: size.width, height: size.height).aspectFit(videoSize)
  }

  /// Fills the bars of a view of `size` around the video's `frame` with black: only the bars, so
  /// that a software rasteriser shades the view's pixels once per frame, not twice. Each bar
  /// reaches a point into the frame, which the video then covers, so that no rounding of the
  /// frame's edges to pixels leaves a gap.
  static func fillLetterbox(around frame: Rect, in size: Size, on canvas: any Canvas) {
    let black = Color(hex: 0x000000)
    let top = frame.minY + 1
    let bottom = frame.maxY - 1
    if frame.minY > 0 { canvas.fill(Rect(x: 0, y: 0, width: size.width, height: top), color: black) }
    if frame.maxY < size.height {
      canvas.fill(Rect(x: 0, y: bottom, width: size.width, height: size.height - bottom), color: black)
    }
    if frame.minX > 0 { canvas.fill(Rect(x: 0, y: 0, width: frame.minX + 1, height: size.height), color: black) }
    if frame.maxX < size.width {
      canvas.fill(Rect(x: frame.maxX - 1, y: 0, width: size.width - frame.maxX + 1, height: size.height), color: black)
    }
  }

  mutating func handleWhilePlaying(_ event: InputEvent, viewSize: Size, imageSize: Size?) -> Outcome {
    guard let playing = playingVideo else { return .none }
    closeButton.frame = closeFrame(in: viewSize)
    muteButton.frame = muteFrame(in: viewSize)
    if playing.isPausedByClick {
      switch event {
      case .pointerUp, .keyDown: return .resumeVideo
      default: return .none
      }
    }
    switch event {
    case .keyDown(.escape):
      return .close
    case .keyDown(.character("m")) where playing.isMuted != nil:
      return .toggleMute
    case .keyDown(.tab):
      setVideoFocus()
      return .none
    case .keyDown(.returnKey), .keyDown(.space):
      return focus == .close && closeCountdown == nil ? .close : .none
    default:
      break
    }
    if closeCountdown == nil, closeButton.handle(event) == .activated { return .close }
    if playing.isMuted != nil, muteButton.handle(event) == .activated { return .toggleMute }
    if case .pointerUp(let point) = event, !closeButton.frame.contains(point), !muteButton.frame.contains(point),
      AdView.videoFrame(in: viewSize, videoSize: imageSize ?? Size(width: 16, height: 9)).contains(point),
      let landing = creative.video?.clickThrough ?? creative.landingURL
    {
      return .openLanding(landing)
    }
    return .none
  }

  private mutating func setVideoFocus() {
    if closeCountdown == nil { setFocus(.close) }
  }

  func drawPlaying(_ playing: PlayingVideo, on canvas: any Canvas, image: ImageHandle?) {
    let size = canvas.size
    if let image {
      let frame = AdView.videoFrame(in: size, videoSize: image.pixelSize)
      AdView.fillLetterbox(around: frame, in: size, on: canvas)
      canvas.drawImage(image, in: frame, opacity: 1)
    } else {
      canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), color: Color(hex: 0x000000))
    }
    // The header on a translucent band, readable over any picture.
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: 76), color: Color(hex: 0x0B0F1A).withOpacity(0.6))
    drawHeader(on: canvas)
    if let muted = playing.isMuted {
      var mute = muteButton
      mute.title = strings.text(muted ? .unmute : .mute)
      mute.frame = muteFrame(in: size)
      mute.draw(on: canvas, style: .body, language: strings.language)
    }
    drawConfirmation(on: canvas, fromBottom: 124)
    if playing.isPausedByClick {
      let panel = Rect(x: 24, y: size.height / 2 - 24, width: max(0, size.width - 48), height: 48)
      canvas.fill(panel, color: Color(hex: 0x0B0F1A).withOpacity(0.8))
      canvas.drawText(
        strings.text(.resumeHint), style: .body, color: Theme.text, in: panel, alignment: .center,
        language: strings.language,
        truncating: true)
    }
    drawClose(on: canvas)
  }
}
