import IntermissionAds
import IntermissionCore

/// One show of a full-screen ad: its view, the visible time that drives its countdown (time while
/// the window is minimised does not count), its impression, its reward and the question an early
/// close of a rewarded ad asks first.
final class FullscreenShow {
  let ad: AdCreative
  let placement: String
  var view: AdView
  /// The creative, handed over from its slot (uploaded ahead) and discarded after the show.
  var image = CreativeImage()
  /// Where the show stands: opening, presented, asking, earned, ended.
  var state = FullscreenShowState.accepted
  /// Whether the view's first frame was presented (`fullscreen.shown`) and the show has not ended.
  var isPresented: Bool { state.isPresented }
  /// Seconds the view was on screen with the window visible.
  private(set) var visibleTime = 0.0
  /// The reward, once earned.
  var reward: EarnedReward? { state.reward }
  /// Whether an early close of a rewarded ad asked its question, which a second close confirms.
  var isConfirmingClose: Bool { state.isConfirmingClose }
  /// Its impression and viewability, traced with its format and placement.
  let tracker: ImpressionTracker
  /// The video of a video ad; nil for a picture.
  var video: VideoShow?
  private var lastUpdate: Double?
  private var wasMinimized = false

  init(ad: AdCreative, placement: String, trace: Trace, strings: AdStrings = .english) {
    self.ad = ad
    self.placement = placement
    view = AdView(creative: ad, presentation: .fullscreen, strings: strings)
    tracker = ImpressionTracker(trace: trace, format: ad.format, placement: placement)
  }

  /// The countdown: until Close (an interstitial) or until the reward (a rewarded ad).
  var countdown: Double { FullscreenShow.countdown(of: ad) }

  /// The countdown of `ad`: its own, else its format's default.
  static func countdown(of ad: AdCreative) -> Double {
    ad.countdown ?? (ad.format == .rewarded ? AdFormat.defaultRewardAfter : AdFormat.defaultCloseAfter)
  }

  /// The time the countdown counts: the video's playhead, or the visible time of a picture.
  var countedTime: Double { video?.playhead ?? visibleTime }

  /// Seconds of the countdown left.
  var remaining: Double { max(0, countdown - countedTime) }

  /// Whether the countdown is over (a video's, too, once it completed).
  var isCountdownOver: Bool { countedTime >= countdown - 1e-9 || video?.isCompleted == true }

  /// Counts the time since the last update as visible unless the window was minimised at either
  /// end of it.
  func advance(to time: Double, minimized: Bool) {
    if isPresented, !minimized, !wasMinimized, let lastUpdate { visibleTime += max(0, time - lastUpdate) }
    lastUpdate = isPresented ? time : nil
    wasMinimized = minimized
  }

  /// What the labels were last made from: whole seconds left, the reward, the question.
  private var labelState: (seconds: Int, earned: Bool, confirming: Bool)?

  /// Sets the view's countdown, status and question from the state now; their text is made again
  /// only when a whole second, the reward or the question changed (nothing is built per frame).
  /// - Returns: whether anything the player sees changed.
  func refreshLabels() -> Bool {
    let seconds = Int(remaining.rounded(.up))
    let state = (seconds: seconds, earned: reward != nil, confirming: isConfirmingClose)
    if let labelState, labelState == state { return false }
    labelState = state
    let before = (view.closeCountdown, view.status, view.confirmation)
    view.setLabels(
      secondsLeft: seconds, isCountdownOver: isCountdownOver, earned: reward != nil, confirming: isConfirmingClose)
    return before != (view.closeCountdown, view.status, view.confirmation)
  }

  /// When the countdown's label or the countdown itself next changes, while time counts.
  func nextChange(after time: Double) -> Double? {
    if let video, video.isPlaying { return time + 1 / max(1, min(60, video.video.frameRate)) }
    // A video waiting for its first picture is looked at again each frame (its poster shows).
    if video != nil, !isPresented { return time + 1.0 / 60 }
    guard isPresented, !isCountdownOver else { return nil }
    let fraction = remaining - remaining.rounded(.down)
    return time + (fraction > 1e-9 ? fraction : min(1, remaining))
  }
}
