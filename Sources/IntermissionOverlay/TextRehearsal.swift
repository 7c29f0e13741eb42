import Dispatch
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import Synchronization

/// Lays the overlay's text out away from the loop, on the text engine of the canvas it draws on
/// (`Canvas.textPreparer`): a loaded ad's text on its loader's worker before the ad is handed over
/// (`rehearse(_:format:)`), and the views' own words on a worker whenever the language, the game's
/// replacements or the view's size change (`note(canvas:strings:)`).
///
/// A rehearsal runs the very drawing code the overlay will run, on a canvas that draws nothing, so
/// what it prepares is what the frame draws: the lines, their cuts and their wrapping. A canvas
/// without an engine, or a load before the overlay's first frame, rehearses nothing; the canvas
/// then lays its text out when it first draws it.
final class TextRehearsal: AdRehearsal {
  private struct Stage: @unchecked Sendable {
    var preparer: (any TextPreparer)?
    var size = Size.zero
    var strings: AdStrings
    var version = -1
  }

  private let stage: Locked<Stage>
  /// The rehearsals of the views' own words under way.
  private let running = DispatchGroup()
  /// Counts the rehearsals of the views' own words asked for, and their cancellations: a rehearsal
  /// goes on only while it is the latest.
  private let ownWordsGeneration = Atomic(0)

  /// A rehearsal with nothing to rehearse on yet, in the words of `strings`.
  init(strings: AdStrings) {
    stage = Locked(Stage(strings: strings))
  }

  /// Notes what the overlay draws on now (on the loop, at each frame it draws: it compares, and
  /// allocates nothing unless something changed); when the canvas's engine, the view's size or the
  /// words (`strings`, whose changes `version` counts) changed, the views' own words are rehearsed
  /// again on a worker.
  func note(canvas: any Canvas, strings: AdStrings, version: Int) {
    let preparer = canvas.textPreparer
    let size = canvas.size
    let changed = stage.withLock { stage in
      let same =
        stage.preparer.map(ObjectIdentifier.init) == preparer.map(ObjectIdentifier.init) && stage.size == size
        && stage.version == version
      if !same {
        stage.preparer = preparer
        stage.size = size
        stage.strings = strings
        stage.version = version
      }
      return !same
    }
    guard changed else { return }
    let generation = ownWordsGeneration.wrappingAdd(1, ordering: .relaxed).newValue
    guard let preparer, size.width > 0, size.height > 0 else { return }
    DispatchQueue.global(qos: .utility).async(group: running) { [self] in
      TextRehearsal.rehearseOwnWords(strings, on: preparer.rehearsalCanvas(size: size)) {
        self.ownWordsGeneration.load(ordering: .relaxed) == generation
      }
    }
  }

  /// Stops the rehearsal of the views' own words under way at its next drawn state (the overlay
  /// is going, and what it would prepare would never be drawn); `waitUntilDone(timeout:)` then
  /// returns soon.
  func cancel() {
    ownWordsGeneration.wrappingAdd(1, ordering: .relaxed)
  }

  /// Waits, at most `timeout` seconds, for the rehearsals of the views' own words to finish.
  /// - Returns: whether they did.
  @discardableResult
  func waitUntilDone(timeout: Double) -> Bool {
    running.wait(timeout: .now() + timeout) == .success
  }

  /// Rehearses how the overlay will draw `ad`, a `format` ad that just loaded: on the loader's
  /// worker, before the ad is handed to the loop.
  package func rehearse(_ ad: LoadedAd, format: AdFormat) {
    let stage = self.stage.withLock { $0 }
    guard let preparer = stage.preparer, stage.size.width > 0, stage.size.height > 0 else { return }
    let canvas = preparer.rehearsalCanvas(size: stage.size)
    let image = ImageHandle(
      rawValue: 0, pixelSize: Size(width: Double(ad.image.pixelWidth), height: Double(ad.image.pixelHeight)))
    switch format {
    case .banner:
      BannerArtwork.drawBanner(
        in: AdBanner.restingFrame(in: stage.size), opacity: 1, image: image, ad: ad.creative, strings: stage.strings,
        on: canvas)
      if case .inApp = ad.creative.action {
        AdView(creative: ad.creative, strings: stage.strings).draw(on: canvas, image: image)
      }
    case .interstitial, .rewarded:
      let view = AdView(creative: ad.creative, presentation: .fullscreen, strings: stage.strings)
      TextRehearsal.rehearseShow(of: view, asVideo: ad.creative.video != nil) { $0.draw(on: canvas, image: image) }
    }
  }

  /// Draws `view` in each state its show passes through: each whole second of its countdown, its
  /// reward earned, its give-up question, and, `asVideo`, a video's playing states; it stops
  /// before a state when `isCurrent` says the rehearsal is no longer wanted.
  private static func rehearseShow(
    of view: AdView, asVideo: Bool, while isCurrent: () -> Bool = { true }, draw: (AdView) -> Void
  ) {
    var view = view
    let countdown = Int(FullscreenShow.countdown(of: view.creative).rounded(.up))
    let videoStates: [AdView.PlayingVideo?] =
      !asVideo
      ? [nil]
      : [nil, .init(isMuted: false), .init(isMuted: true), .init(isMuted: false, isPausedByClick: true)]
    for playing in videoStates {
      view.playingVideo = playing
      for seconds in stride(from: max(0, countdown), through: 0, by: -1) {
        for confirming in [false, true] {
          guard isCurrent() else { return }
          view.setLabels(secondsLeft: seconds, isCountdownOver: seconds == 0, earned: false, confirming: confirming)
          draw(view)
          if view.creative.format != .rewarded { break }
        }
      }
      view.setLabels(secondsLeft: 0, isCountdownOver: true, earned: true, confirming: false)
      draw(view)
    }
  }

  /// Draws the words of the overlay's own in each view: the banner's label, the browser notice,
  /// and the ad views' chrome for a picture and for a video, through each default countdown, for
  /// as long as `isCurrent` says so.
  private static func rehearseOwnWords(_ strings: AdStrings, on canvas: any Canvas, while isCurrent: () -> Bool) {
    BannerArtwork.drawLabel(strings, in: AdBanner.restingFrame(in: canvas.size), opacity: 1, on: canvas)
    BannerArtwork.drawNotice(strings.text(.browserFailed), on: canvas)
    for format in [AdFormat.interstitial, .rewarded] {
      var placeholder = AdCreative(id: "", imagePath: "", title: "", action: .inApp)
      placeholder.format = format
      let view = AdView(creative: placeholder, presentation: .fullscreen, strings: strings)
      rehearseShow(of: view, asVideo: true, while: isCurrent) { view in
        if view.playingVideo == nil {
          view.drawHeader(on: canvas)
          view.drawFooter(on: canvas)
        } else {
          view.draw(on: canvas, image: nil)
        }
      }
    }
  }
}
