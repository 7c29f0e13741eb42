import IntermissionAds
import IntermissionBasics
import IntermissionCore

/// The banner's slot: loading and rotation on the schedule, placement (shown, hidden, allowed), the
/// click guard, and the action a click begins (the in-app ad view, or the browser). Its reporting
/// goes through an `ImpressionTracker`. The overlay drives it and tells it, every update, whether a
/// full-screen ad covers it: then it is not viewable, does not rotate and takes no click.
final class BannerSlot {
  /// Where the slot is with the banner's action.
  enum ActionState {
    /// No action: the banner waits for a click.
    case idle
    /// An in-app action: its modal view is open.
    case inAppView(AdCreative, AdView)
    /// An open-url action, which ends within the click that began it.
    case leaving(AdCreative)
  }

  var delegate: any AdBannerDelegate
  var onLoadFailure: ((AdError) -> Void)?
  /// Hears every load's result, after everything else did.
  var onLoad: ((Result<LoadedAd, AdError>) -> Void)?
  private(set) var banner = AdBanner()
  private(set) var currentAd: AdCreative? {
    didSet {
      hasAd = currentAd != nil
      isNativeAd = currentAd?.isNative == true
    }
  }
  /// Whether there is a `currentAd`, and whether it is native: what each frame asks, without
  /// copying the ad.
  private var hasAd = false
  private var isNativeAd = false
  var action = ActionState.idle
  let tracker: ImpressionTracker
  var viewSize = Size(width: 0, height: 0)
  private(set) var time: Double = 0
  /// Whether a full-screen ad is open over the banner.
  var isCovered = false
  /// Whether the API keeps the banner away; a change is traced with reason `api`.
  var isHidden = false {
    didSet { if isHidden != oldValue { updatePlacement(reason: "api") } }
  }
  /// Whether placement allows the banner; a change is traced with reason `scene`.
  var isAllowed = true {
    didSet { if isAllowed != oldValue { updatePlacement(reason: "scene") } }
  }

  private let configuration: AdOverlay.Configuration
  /// The overlay's own words: the banner's label, and its ad view's.
  var strings: AdStrings
  private let loader: AdLoader
  let trace: Trace
  private let holds: AdHolds
  let links: LinkOpener
  let changes: ChangeCounter
  private var lastUpdate: Double?
  /// When the current ad was delivered (a bought ad expires from then on).
  private var loadedAt: Double?
  private var schedule: AdLoadSchedule
  private var deferral = ConsentDeferral()
  private(set) var creative = CreativeImage()
  var pressed = false
  var clickGate: BannerClickGate

  init(
    loader: AdLoader, configuration: AdOverlay.Configuration, trace: Trace, holds: AdHolds, links: LinkOpener,
    changes: ChangeCounter, delegate: any AdBannerDelegate, strings: AdStrings = .english
  ) {
    self.strings = strings
    self.loader = loader
    self.configuration = configuration
    self.trace = trace
    self.holds = holds
    self.links = links
    self.changes = changes
    self.delegate = delegate
    tracker = ImpressionTracker(trace: trace)
    clickGate = BannerClickGate(cooldown: configuration.clickCooldown, guardDuration: configuration.clickGuard)
    schedule = AdLoadSchedule(backoff: configuration.jitterSeed.map(RetryBackoff.init(seed:)) ?? RetryBackoff())
  }

  /// The ad whose action is in progress, if any.
  var activeAction: AdCreative? {
    switch action {
    case .idle: nil
    case .inAppView(let ad, _), .leaving(let ad): ad
    }
  }

  var isAdViewOpen: Bool {
    if case .inAppView = action { return true }
    return false
  }

  /// Whether an action is in progress (`activeAction` without copying its ad).
  var hasAction: Bool {
    if case .idle = action { return false }
    return true
  }

  var frame: Rect { banner.frame(in: viewSize, at: time) }

  /// Notes that a frame begins at `hostTime`: clicks are judged at the frame's time.
  func frameDidBegin(at hostTime: Double) { time = max(time, hostTime) }

  // MARK: - Update

  /// Loads, rotates, settles the banner's slide and measures viewability at `hostTime`.
  func update(at hostTime: Double, covered: Bool) {
    time = hostTime
    isCovered = covered
    // An impression due now counts before a rotation can end its display. Rotation counts only the
    // time since the last update during which the ad was viewable at both ends.
    let wasViewable = tracker.viewability.isViewable
    updateViewability()
    if wasViewable, tracker.viewability.isViewable, let lastUpdate {
      schedule.addViewableTime(max(0, time - lastUpdate))
    }
    lastUpdate = time
    expireUnshownBid()
    // A request that describes the view waits until the view's size is known (the first draw).
    let awaitsView = loader.source.needsViewSize && (viewSize.width <= 0 || viewSize.height <= 0)
    if !awaitsView, schedule.shouldLoad(at: time, suspended: isRotationSuspended),
      !deferral.defers(loader.source, format: .banner, trace: trace)
    {
      loader.start(sequence: schedule.requestLoad(at: time, latency: configuration.latency))
    }
    if schedule.isDue(at: time) {
      let result = configuration.waitsForDueLoads ? loader.waitForResult() : loader.takeResult()
      if let result {
        switch result {
        case .success: schedule.delivered(refreshInterval: configuration.refreshInterval)
        case .failure: schedule.failed(at: time, refreshInterval: configuration.refreshInterval)
        }
        deliver(result)
        onLoad?(result)
      }
    }
    if let settled = banner.settle(at: time) {
      changes.changed()
      if settled == .shown, currentAd != nil { clickGate.guardClicks(at: time, reason: "justShown") }
    }
    updateViewability()
  }

  /// When the slot next has work: a load, a rotation, an impression, a beacon batch or the expiry
  /// of a bought ad not shown yet.
  var nextWakeTime: Double? {
    // A load waiting for consent wakes with the decision, not with the clock.
    let load =
      deferral.waits
      ? nil
      : schedule.nextWakeTime(
        suspended: isRotationSuspended, viewableFrom: tracker.viewability.isViewable ? time : nil)
    return earliest(earliest(load, tracker.nextWakeTime), unshownBidExpiry)
  }

  /// Rotation waits while an action is in progress, a full-screen ad covers the banner, the window
  /// is minimised or placement keeps the banner away (an overdue rotation then runs as soon as that
  /// ends).
  private var isRotationSuspended: Bool {
    hasAction || isCovered || holds.isWindowMinimized || !isAllowed
  }

  private func deliver(_ result: Result<LoadedAd, AdError>) {
    switch result {
    case .success(let loaded):
      // A new display: the one before it ends here, and the new ad's impression is still to count.
      tracker.beginDisplay()
      creative.replace(with: loaded.image)
      currentAd = loaded.creative
      loadedAt = time
      changes.changed()
      var fields: [(key: String, value: TraceValue)] = [("id", .string(loaded.creative.id))]
      if let fallback = loaded.fallback { fields.append(("source", .string(fallback.rawValue))) }
      trace.emit(.adLoaded, fields: fields)
      delegate.bannerDidLoadAd(loaded.creative)
      guard wantsBanner else { return }
      if banner.isClickable {
        clickGate.guardClicks(at: time, reason: "creativeChanged")
      } else {
        show(reason: "loaded")
      }
    case .failure(let error):
      currentAd = nil
      trace.emit(.adFailed, fields: [("error", .string(error.description)), ("reason", .string(error.reason))])
      delegate.bannerDidFailToReceiveAd(error: error)
      hide(reason: "failed")
      onLoadFailure?(error)
    }
  }

  /// When the bought ad on the slot expires, while it has not been shown (once shown, its bid is
  /// spent); nil otherwise.
  private var unshownBidExpiry: Double? {
    guard let loadedAt, !tracker.shownThisDisplay, let lifetime = currentAd?.lifetime else { return nil }
    return loadedAt + lifetime
  }

  /// A bought ad never shown within its bid's life is never shown: its buyer hears it expired
  /// (loss code 2), and a new one is requested.
  private func expireUnshownBid() {
    guard let expiry = unshownBidExpiry, time >= expiry, let ad = currentAd else { return }
    ad.notices.expired.forEach(tracker.record)
    trace.emit(.adExpired, ["id": .string(ad.id)])
    currentAd = nil
    creative.clear()
    changes.changed()
    hide(reason: "expired")
    schedule.expired(at: time)
  }

  // MARK: - Placement

  /// Whether the banner should be on screen: an ad is loaded, and neither the API nor placement
  /// keeps it away.
  private var wantsBanner: Bool { hasAd && !isHidden && isAllowed }

  /// Shows or hides the banner as the API and placement now want, traced with `reason`.
  private func updatePlacement(reason: String) {
    if !isAllowed { pressed = false }
    if wantsBanner { show(reason: reason) } else { hide(reason: reason) }
  }

  private func show(reason: String) {
    guard banner.show(at: time) else { return }
    changes.changed()
    trace.emit(.bannerShown, ["reason": .string(reason)])
  }

  private func hide(reason: String) {
    pressed = false
    guard banner.hide(at: time) else { return }
    changes.changed()
    trace.emit(.bannerHidden, ["reason": .string(reason)])
  }

  // MARK: - Viewability

  /// Why the banner's ad is not viewable now, or nil when it is.
  private var obstruction: Viewability.Obstruction? {
    if holds.isWindowMinimized { return .minimized }
    if isAdViewOpen || isCovered { return .covered }
    guard hasAd, isAllowed, banner.isOnScreen,
      Viewability.visibleShare(of: frame, inViewOfHeight: viewSize.height) >= Viewability.requiredShare
    else { return .offscreen }
    return nil
  }

  /// Measures viewability now; an impression that counted goes to the delegate, after its beacon
  /// was stored and its trace line written.
  func updateViewability() {
    let obstruction = obstruction
    // Checked before the ad is read: once shown, a frame copies nothing here.
    if !tracker.shownThisDisplay, banner.isOnScreen, obstruction != .minimized, obstruction != .covered,
      let ad = currentAd
    {
      tracker.noteShown(ad)
    }
    if let ad = tracker.update(at: time, ad: currentAd, obstruction: obstruction) {
      delegate.bannerDidRecordImpression(ad)
    }
  }

  // MARK: - Drawing

  /// Draws the banner and its open ad view.
  func draw(on canvas: any Canvas) {
    creative.prepare(on: canvas)
    if banner.isOnScreen {
      BannerArtwork.drawBanner(
        in: frame, opacity: banner.visibility(at: time), image: creative.uploaded,
        ad: isNativeAd ? currentAd : nil, strings: strings, on: canvas)
    }
    if case .inAppView(_, let view) = action { view.draw(on: canvas, image: creative.uploaded) }
  }
}
