import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionVAST
import IntermissionVideo

/// The full-screen formats of an `AdOverlay` (`AdOverlay.fullscreen`): an interstitial and a
/// rewarded ad, each preloaded from the overlay's ad source, shown at a break the game chooses, on
/// the overlay's holds.
///
/// `showInterstitial(placement:)` and `showRewarded(placement:)` either accept (the view is presented
/// in the next frame, the game is held as `.ad`, its audio paused through that hold) or refuse at
/// once with a `FullscreenRefusal`; never both, never silently. Pacing (`FullscreenPacing`) is
/// enforced here. Every event goes to the trace, then to `onEvent`, on the game's thread, in the
/// order `FullscreenEvent` states. A rewarded ad's reward is recorded in `rewardStore` before
/// `onReward` hears of it: recorded when its countdown completes, handed over when the view closes,
/// just before the dismissal, exactly once; one pending from a killed launch comes first at the
/// next.
public final class FullscreenPresenter {
  /// Hears every full-screen event, after the trace. Credit rewards in `onReward`, not here.
  public var onEvent: ((FullscreenEvent) -> Void)?
  /// Who hears what each shown ad's impression earned (the overlay's).
  var revenue: RevenueReporter?
  /// Receives each earned reward exactly once, before its ad's `fullscreen.dismissed`; pending
  /// rewards of an earlier launch come first, at the next update after it is set.
  public var onReward: ((EarnedReward) -> Void)? {
    get { rewards.handler }
    set { rewards.handler = newValue }
  }
  /// Whether a reward is acknowledged as soon as `onReward` returns (the default). Set it to false
  /// to acknowledge with `acknowledgeReward(transactionID:)` once the reward is credited (on a game
  /// server, say); until then it is delivered again at every launch.
  public var acknowledgesRewardsAutomatically: Bool {
    get { rewards.acknowledgesAutomatically }
    set { rewards.acknowledgesAutomatically = newValue }
  }
  /// Where earned rewards wait for their acknowledgement: in memory by default
  /// (`MemoryRewardStore`). An overlay built with a beacon queue (`AdStack`, or
  /// `AdOverlay(manifestPath:pauseTarget:beaconsPath:)`) keeps them in the queue's file across a
  /// crash; a game needs only `onReward` and, to credit elsewhere first, `acknowledgeReward`. Set
  /// it before the first update.
  package var rewardStore: any RewardStore {
    get { rewards.store }
    set { rewards.store = newValue }
  }
  /// The pacing rules and what they counted so far.
  public private(set) var pacing: FullscreenPacing

  /// The format of the ad on screen, if one is.
  public var shownFormat: AdFormat? { show?.ad.format }

  /// Each full-screen format's preloaded ad.
  let interstitials: FullscreenSlot
  let rewardedAds: FullscreenSlot
  let trace: Trace
  let holds: AdHolds
  let links: LinkOpener
  let changes: ChangeCounter
  let rewards: RewardDelivery
  let beacons: () -> (any BeaconDelivery)?
  var show: FullscreenShow?
  /// The show before, until its image is discarded on the canvas's thread.
  var retiredImage = CreativeImage()
  var time = 0.0
  /// The view's size and pixel density, as the overlay knows them (`AdOverlay.viewSize`,
  /// `pixelScale`): a video is decoded at the size it will be drawn from its first picture, and a
  /// video ad's poster is scaled to it when it loads.
  var view: (size: Size, pixelsPerPoint: Double)? {
    didSet {
      interstitials.noteVideoView(view)
      rewardedAds.noteVideoView(view)
    }
  }
  private var sessionStart: Double?
  /// Whether another view (the banner's in-app ad view) is open.
  var isOtherViewOpen: () -> Bool = { false }
  /// Where a video ad's sound plays; nil plays videos silent.
  package var videoSound: (any VideoSoundOutput)?
  /// Hears each video frame drawn, with its time in the video and the audio clock's then (nil
  /// without a device): the benchmark's A/V offset.
  package var onVideoFrameDrawn: ((_ frameTime: Double, _ heardTime: Double?) -> Void)?
  /// Whether videos play on the host's clock, every frame decoded (a deterministic run); a test
  /// clears it to run a real-time show's rules on its fixed-step clock.
  package var videosFollowHostClock: Bool
  /// Whether ready video ads are prerolled (`prerollReadyVideos()`); a test clears it to reach
  /// the show's own opening of the file.
  package var prerollsVideos = true
  /// Whether `stopWork()` ended the overlay's work: no preroll starts after it.
  var hasStoppedWork = false
  /// The prerolls `stopWork()` stopped, which `waitForVideo(until:)` waits for.
  var stoppedPrerolls: [VideoFrameQueue] = []
  /// The overlay's own words, for the views it shows.
  var strings: AdStrings

  init(
    loader: AdLoader, configuration: AdOverlay.Configuration, trace: Trace, holds: AdHolds, links: LinkOpener,
    changes: ChangeCounter, beacons: @escaping () -> (any BeaconDelivery)?, strings: AdStrings = .english
  ) {
    self.strings = strings
    interstitials = FullscreenSlot(
      format: .interstitial, loader: loader.loader(for: .interstitial), configuration: configuration, trace: trace)
    rewardedAds = FullscreenSlot(
      format: .rewarded, loader: loader.loader(for: .rewarded), configuration: configuration, trace: trace)
    self.trace = trace
    self.holds = holds
    self.links = links
    self.changes = changes
    self.beacons = beacons
    rewards = RewardDelivery(trace: trace)
    pacing = FullscreenPacing(rules: configuration.pacing)
    videosFollowHostClock = configuration.waitsForDueLoads
    for slot in [interstitials, rewardedAds] {
      slot.onVASTFailure = { [weak self] id, code, urls in self?.reportLoadFailure(id: id, code: code, errorURLs: urls)
      }
    }
  }

  /// Whether an ad of `format` (`interstitial` or `rewarded`) is loaded and not expired.
  public func isReady(_ format: AdFormat) -> Bool {
    guard let slot = slot(for: format) else { return false }
    return slot.loaded != nil && !slot.isExpired(at: time)
  }

  /// What the ready rewarded ad gives when watched to the end (to offer it: "Watch an ad for 50
  /// coins"); nil when none is ready.
  public var offeredReward: AdFormat.Reward? {
    isReady(.rewarded) ? rewardedAds.loaded?.creative.reward : nil
  }

  /// The slot of a full-screen `format`; nil for the banner.
  private func slot(for format: AdFormat) -> FullscreenSlot? {
    switch format {
    case .banner: nil
    case .interstitial: interstitials
    case .rewarded: rewardedAds
    }
  }

  /// Shows the interstitial at `placement` (such as `level_end`), or refuses at once.
  /// - Returns: nil when the ad shows from the next frame on, or why it does not.
  @discardableResult
  public func showInterstitial(placement: String) -> FullscreenRefusal? { present(.interstitial, placement) }

  /// Shows the rewarded ad at `placement` (such as `bonus_coins`), or refuses at once.
  /// - Returns: nil when the ad shows from the next frame on, or why it does not.
  @discardableResult
  public func showRewarded(placement: String) -> FullscreenRefusal? { present(.rewarded, placement) }

  /// Acknowledges the reward `transactionID`: the game credited it, and it is not delivered again.
  /// - Returns: false when no pending reward has that id (unknown, or acknowledged already).
  @discardableResult
  public func acknowledgeReward(transactionID: String) -> Bool { rewards.acknowledge(transactionID: transactionID) }

  /// Caps rewarded ads at `placement` to `perHour` shows in any hour; nil removes the cap.
  public func setRewardedCap(_ perHour: Int?, placement: String) {
    pacing.rules.rewardedCapsPerHour[placement] = perHour
  }

  /// Whether a full-screen ad is open (from the show's acceptance to its dismissal).
  public var isShowing: Bool { show != nil }

  private var sessionTime: Double { time - (sessionStart ?? time) }

  private func present(_ format: AdFormat, _ placement: String) -> FullscreenRefusal? {
    guard let slot = slot(for: format) else { preconditionFailure("the banner is not a full-screen format") }
    var refusal: FullscreenRefusal?
    if show != nil || isOtherViewOpen() {
      refusal = .alreadyShowing
    } else if holds.isWindowMinimized {
      refusal = .windowHidden
    } else if let paced = format == .interstitial
      ? pacing.refusal(forInterstitialAt: sessionTime)
      : pacing.refusal(forRewardedAt: sessionTime, placement: placement)
    {
      refusal = paced
    } else if slot.loaded == nil {
      refusal = .notReady
      slot.wake()
    } else if slot.isExpired(at: time) {
      refusal = .expired
    }
    guard refusal == nil, let loaded = slot.loaded else {
      let refusal = refusal ?? .notReady
      let id = slot.loaded?.creative.id ?? ""
      if refusal == .expired, let expired = slot.loaded?.creative {
        // A bought ad's buyer hears that it expired unshown (loss code 2).
        let tracker = ImpressionTracker(trace: trace)
        tracker.beacons = beacons()
        expired.notices.expired.forEach(tracker.record)
        slot.discard()
      }
      emit(FullscreenEvent(.refused, format: format, placement: placement, id: id, refusal: refusal))
      return refusal
    }
    let show = FullscreenShow(ad: loaded.creative, placement: placement, trace: trace, strings: strings)
    show.tracker.revenue = revenue
    let prerolled = slot.handOver(imageInto: &show.image)
    show.tracker.beacons = beacons()
    if let video = show.ad.video {
      show.video = VideoShow(
        video: video, sound: videoSound, followsHostClock: videosFollowHostClock, view: view, prerolled: prerolled)
    }
    self.show = show
    if format == .interstitial {
      pacing.interstitialShown(at: sessionTime)
    } else {
      pacing.rewardedShown(at: sessionTime, placement: placement)
    }
    holds.holdForFullscreen()
    _ = show.refreshLabels()
    changes.changed()
    return nil
  }

  // MARK: - Loop

  func frameDidBegin(at hostTime: Double) { time = max(time, hostTime) }

  /// Delivers pending rewards, preloads, and runs the open show's countdown at `hostTime`.
  func update(at hostTime: Double) {
    time = hostTime
    if sessionStart == nil { sessionStart = hostTime }
    rewards.deliverPending()
    // While a video plays, no next ad loads or prerolls: preparing one decodes its first frame,
    // which would take the worker's core from the playing one (a preroll made before the show
    // rests beside it, its decoder and one picture held). The next load starts at the video's
    // end (its end card) or at its dismissal.
    let videoPlays = show?.video.map { !$0.isCompleted } ?? false
    interstitials.update(at: time, startsLoads: !videoPlays)
    rewardedAds.update(at: time, startsLoads: !videoPlays)
    prerollReadyVideos(startsPrerolls: !videoPlays)
    guard let show else { return }
    let minimized = holds.isWindowMinimized
    show.advance(to: time, minimized: minimized)
    guard show.isPresented else {
      // A video waiting for its first picture is drawn, and looked at, again at each frame.
      if show.video != nil { changes.changed() }
      return
    }
    if let video = show.video {
      updateVideo(show, video)
      if self.show === show, show.refreshLabels() { changes.changed() }
      return
    }
    // The tracker wrote the impression's line.
    if show.tracker.update(at: time, ad: show.ad, obstruction: minimized ? .minimized : nil) != nil {
      onEvent?(event(.impression, of: show))
    }
    if show.isCountdownOver { perform(show.state.countdownCompleted(format: show.ad.format), of: show) }
    if show.refreshLabels() { changes.changed() }
  }

  /// Wakes the formats the banner's manifest lists (all of them when it lists no banner, or its
  /// source does not say), after the banner's load at `result`.
  func bannerDidLoad(_ result: Result<LoadedAd, AdError>) {
    let formats: Set<AdFormat>?
    switch result {
    case .success(let loaded): formats = loaded.formats
    case .failure(.noBannerAds): formats = nil
    case .failure: return
    }
    for slot in [interstitials, rewardedAds] where formats?.contains(slot.format) ?? true { slot.wake() }
  }

  /// When the presenter next has work: a load, a countdown second, an impression.
  var nextWakeTime: Double? {
    var time = earliest(interstitials.nextWakeTime, rewardedAds.nextWakeTime)
    if let show, !holds.isWindowMinimized {
      time = earliest(earliest(time, show.nextChange(after: self.time)), show.tracker.viewability.impressionTime)
    }
    return time
  }

  /// The countdown completed: the reward is recorded now (a crash from here on delivers it at the
  /// next launch), and handed to the game when the view closes, just before its dismissal, so
  /// that every click comes before it.
  func earn(_ show: FullscreenShow) {
    guard let prize = show.ad.reward else { return }
    let reward = rewards.earn(prize, ad: show.ad, placement: show.placement)
    show.state.recorded(reward)
    if let beacon = Beacon(reward: reward, of: show.ad) { show.tracker.record(beacon) }
    trace.emit(.rewardedCompleted, fields: context(of: show))
  }

  /// Hands the show's recorded `reward` to the game: traced, then `onReward`, then `onEvent`.
  func deliver(_ reward: EarnedReward, of show: FullscreenShow) {
    var earned = event(.earned, of: show)
    earned.reward = reward
    trace(earned, [("type", .string(reward.type)), ("amount", .int(reward.amount))])
    rewards.hand(reward)
    onEvent?(earned)
  }

  // MARK: - Drawing

  /// Uploads the waiting creatives ahead of their shows, and draws the open view over everything.
  func draw(on canvas: any Canvas) {
    retiredImage.prepare(on: canvas)
    interstitials.prepare(on: canvas)
    rewardedAds.prepare(on: canvas)
    guard let show else { return }
    show.image.prepare(on: canvas)
    if !show.isPresented {
      guard show.image.uploaded != nil else {
        dismiss(show, failure: "the creative could not be uploaded to the renderer")
        return
      }
      // A video's file is opened and its first picture decoded before anything is counted; one
      // still without a picture after `VideoPlayer.freezeLimit` fails the show.
      switch show.video?.opening(at: time) ?? .ready {
      case .ready: break
      case .pending:
        show.view.draw(on: canvas, image: show.image.uploaded)
        return
      case .failed(let reason):
        dismiss(show, failure: "the video could not be played: \(reason)")
        return
      }
      perform(show.state.present(), of: show)
    }
    if let video = show.video {
      if video.isPlaying { video.noteDrawn(in: canvas.size, pixelsPerPoint: canvas.pixelsPerPoint) }
      if let handle = show.image.uploaded, let frame = video.frameDue() {
        let uploaded = canvas.updateVideoImage(handle, with: frame.image)
        // The canvas has its copy: the planes go back to the decoder with the frame.
        frame.image.dropPlanes()
        guard uploaded else {
          failVideo(show, VASTError(.problemDisplaying, "the renderer refused a video frame"))
          return
        }
        onVideoFrameDrawn?(frame.time, video.heardTime)
      }
      show.view.playingVideo = playingState(of: video)
    }
    show.view.draw(on: canvas, image: show.image.uploaded)
  }
}
