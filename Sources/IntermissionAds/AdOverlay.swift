import IntermissionCore

/// The ad overlay: a banner pinned to the bottom of the window, hidden until an ad loads, rotating
/// ads on a timer, and an in-app ad view whose action pauses the game through its delegate.
///
/// It runs on host time, above whatever the game draws, so it keeps animating and taking input
/// while the game is paused. It pauses a `PauseTarget` (the director, or a game's own `PauseGate`)
/// through its delegate, and reads "minimised" from that target's `.window` hold. Its logic draws
/// through `Canvas` and knows no SDL. Added to a `Director`, it follows the running scene's
/// placement and the view's size by itself.
public final class AdOverlay: Overlay {
  /// Timing of the overlay.
  public struct Configuration: Hashable, Sendable {
    /// Seconds of viewable time between ad rotations; a failed load is retried after this
    /// interval, doubling with each failure in a row up to 5 minutes (`RetryBackoff`).
    public var refreshInterval: Double = 30
    /// The seed of the retries' jitter; nil takes a random one. A fixed seed makes a fixed-step run
    /// retry at the same times every run.
    public var jitterSeed: UInt64?
    /// Simulated network latency: a load is delivered this long (host time) after it was requested.
    public var latency: Double = 0.5
    /// Block the loop for a load that is due but not finished (fixed-step determinism).
    public var waitsForDueLoads = false
    /// Seconds after an action starts during which further banner clicks are ignored (double clicks).
    public var clickCooldown: Double = 0.5
    /// Seconds after the banner finished sliding in, or after its creative changed, during which a
    /// click is refused (`banner.clickRefused`): such a click was aimed at what was there before.
    public var clickGuard: Double = 0.5

    /// Creates the default configuration.
    public init() {}
  }

  /// The callbacks' receiver; by default the bridge that pauses the target for in-app actions.
  public var delegate: any AdBannerDelegate

  /// When true, the banner stays off-screen and unclickable whatever loads meanwhile (reason `api`).
  public var isBannerHidden = false {
    didSet {
      guard isBannerHidden != oldValue else { return }
      updateBannerPlacement(reason: "api")
    }
  }

  /// Placement: whether the running scene (or, in a game without our scenes, the game itself)
  /// allows the banner. While false, the banner slides out, takes no click, leaves no bottom inset
  /// and does not rotate; the game is not paused. The director sets it from `Scene.carriesBanner`
  /// at every scene change; an embedding game sets it with this one property. Traced with reason
  /// `scene`.
  public var isBannerAllowed = true {
    didSet {
      guard isBannerAllowed != oldValue else { return }
      if !isBannerAllowed { bannerPressed = false }
      updateBannerPlacement(reason: "scene")
    }
  }

  /// Called with every failed load, after the trace and the delegate heard of it (a host warns
  /// the user with it).
  public var onLoadFailure: ((AdError) -> Void)?

  /// Whether the window is minimised or hidden (no rotation then): the pause target's `.window` hold.
  public var isWindowMinimized: Bool { pauseTarget?.isHeld(by: .window) ?? false }

  /// Whether `update(hostTime:)` begins a frame of the trace (`Trace.beginFrame(at:)`): true when
  /// the overlay is the only thing that knows the game's frames, as in a game with its own loop.
  public var drivesTrace = false

  /// The size of the view the banner is pinned to the bottom of. A director sets it; without one,
  /// every draw takes it from the canvas.
  public var viewSize = Size(width: 0, height: 0)

  /// The banner's lifecycle.
  public private(set) var banner = AdBanner()

  /// Whether the banner's ad is viewable, and whether this display's impression counted.
  public var viewability: Viewability { tracker.viewability }

  /// Where impressions and clicks of ads with tracking URLs are reported; nil reports none. The
  /// overlay drives its delivery from `update(hostTime:)`.
  public var beacons: (any BeaconDelivery)? {
    get { tracker.beacons }
    set { tracker.beacons = newValue }
  }

  /// The ad on the banner, if one is loaded.
  public private(set) var currentAd: AdCreative?

  /// Where the overlay is with the banner's action.
  private enum ActionState {
    /// No action: the banner waits for a click.
    case idle
    /// An in-app action: its modal view is open.
    case inAppView(AdCreative, AdView)
    /// An open-url action, which ends within the click that began it.
    case leaving(AdCreative)
  }

  private var action = ActionState.idle

  /// The ad whose action is in progress, if any.
  public var activeAction: AdCreative? {
    switch action {
    case .idle: nil
    case .inAppView(let ad, _), .leaving(let ad): ad
    }
  }

  /// Whether the in-app ad view is open.
  public var isAdViewOpen: Bool {
    if case .inAppView = action { return true }
    return false
  }

  private let configuration: Configuration
  private let loader: AdLoader
  private let trace: Trace
  private let urlOpener: any URLOpener
  private weak var pauseTarget: (any PauseTarget)?
  private var time: Double = 0
  /// The host time of the last update, which viewable time is counted from.
  private var lastUpdate: Double?
  private var schedule: AdLoadSchedule
  /// Viewability, impressions and beacons.
  private let tracker: ImpressionTracker
  private var creative = CreativeImage()
  private var bannerPressed = false
  private var clickGate: BannerClickGate
  private var stateVersion = 0
  /// A short message for the player, shown above the banner until its time.
  private var notice: (text: String, until: Double)?

  /// The width kept for the "Ad" label at the banner's left, and as much at its right.
  public static let labelWidth = 30.0

  /// Where the creative goes on a banner at `frame`, for an image of `imageSize` pixels: aspect
  /// kept, clear of the "Ad" label.
  public static func creativeFrame(in frame: Rect, imageSize: Size) -> Rect {
    frame.insetBy(dx: labelWidth, dy: 0).aspectFit(imageSize)
  }

  /// What the player reads when an open-url ad's browser cannot be opened.
  public static let browserFailureNotice = "Couldn't open the browser"
  /// How long a notice stays, in seconds.
  public static let noticeDuration = 3.0

  /// The message shown to the player now, if any.
  public var currentNotice: String? { notice.map(\.text) }
  private var drawnVersion = -1

  /// Creates the overlay.
  /// - Parameters:
  ///   - pauseTarget: what the default bridge pauses for in-app actions (kept weakly).
  ///   - loader: where ads come from.
  ///   - configuration: timing.
  ///   - trace: where state changes are recorded.
  ///   - urlOpener: opens `open-url` ads.
  public init(
    pauseTarget: any PauseTarget, loader: AdLoader, configuration: Configuration, trace: Trace,
    urlOpener: any URLOpener
  ) {
    self.pauseTarget = pauseTarget
    self.loader = loader
    self.configuration = configuration
    self.trace = trace
    self.urlOpener = urlOpener
    tracker = ImpressionTracker(trace: trace)
    delegate = AdActionBridge(pauseTarget: pauseTarget)
    clickGate = BannerClickGate(cooldown: configuration.clickCooldown, guardDuration: configuration.clickGuard)
    schedule = AdLoadSchedule(backoff: configuration.jitterSeed.map(RetryBackoff.init(seed:)) ?? RetryBackoff())
  }

  deinit {
    // A decode may still run on a worker thread; the game may shut SDL down right after this.
    loader.waitForWorkers(timeout: loader.source.loadTimeout)
  }

  /// Holds the pause target as `.window` while the game's window is minimised or hidden, and
  /// releases that hold when it is restored: no rotation and no game then.
  public func setWindowMinimized(_ minimized: Bool) {
    if minimized { pauseTarget?.hold(.window) } else { pauseTarget?.release(.window) }
  }

  /// Notes the window's state from one of a frame's window events. The `.window` hold follows the
  /// state as it stands after all of the frame's events, at the next `update(hostTime:)` or
  /// `draw(on:)`, whichever comes first: a window shown, hidden and shown again within one frame
  /// (as SDL's drivers do while they create one) never pauses the game.
  public func noteWindowMinimized(_ minimized: Bool) { pendingWindowMinimized = minimized }

  private var pendingWindowMinimized: Bool?

  /// Applies the window state the frame's events left, if they changed it.
  private func applyWindowState() {
    guard let minimized = pendingWindowMinimized else { return }
    pendingWindowMinimized = nil
    if minimized != isWindowMinimized { setWindowMinimized(minimized) }
  }

  /// The height at the bottom of the view that the banner covers while any of it is on screen; 0
  /// as soon as placement keeps it away.
  public var bottomInset: Double {
    isBannerAllowed && banner.isOnScreen ? AdBanner.height(forWidth: viewSize.width) : 0
  }

  /// The banner's frame now.
  public var bannerFrame: Rect { banner.frame(in: viewSize, at: time) }

  // MARK: - Overlay

  public func frameDidBegin(at hostTime: Double) {
    // Clicks are judged (the click guard, the cooldown) at the frame's time.
    time = max(time, hostTime)
  }

  public func update(hostTime: Double) {
    if drivesTrace { trace.beginFrame(at: hostTime) }
    time = hostTime
    applyWindowState()
    // An impression due now counts before a rotation can end its display. Rotation counts only the
    // time since the last update during which the ad was viewable at both ends.
    let wasViewable = viewability.isViewable
    updateViewability()
    if wasViewable, viewability.isViewable, let lastUpdate { schedule.addViewableTime(max(0, time - lastUpdate)) }
    lastUpdate = time
    if schedule.shouldLoad(at: time, suspended: isRotationSuspended) {
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
      }
    }
    if let notice, time >= notice.until {
      self.notice = nil
      changed()
    }
    if let settled = banner.settle(at: time) {
      changed()
      if settled == .shown, currentAd != nil { guardClicks(reason: "justShown") }
    }
    updateViewability()
    tracker.deliverBeacons(at: time)
  }

  public func runningSceneDidChange(to scene: Scene?) {
    isBannerAllowed = scene?.carriesBanner ?? true
  }

  public func viewSizeDidChange(to size: Size) { viewSize = size }

  public func handle(_ event: InputEvent) -> Bool {
    if case .inAppView(let ad, var view) = action {
      // The ad view is modal: nothing reaches the scene or the pause control while it is open.
      let outcome = view.handle(event, viewSize: viewSize, imageSize: creative.uploaded?.pixelSize)
      action = .inAppView(ad, view)
      changed()
      switch outcome {
      case .none: break
      case .close: finishAction()
      case .openLanding(let url):
        trace.emit("cta.clicked", ["id": .string(ad.id), "url": .string(url)])
        open(url)
      }
      return true
    }
    // A banner that placement keeps away is not there for input at all, even while sliding out.
    guard isBannerAllowed else { return false }
    switch event {
    case .pointerDown(let point) where banner.isOnScreen && bannerFrame.contains(point):
      bannerPressed = banner.isClickable
      return true
    case .pointerUp(let point) where bannerPressed:
      bannerPressed = false
      if banner.isClickable && bannerFrame.contains(point) { click() }
      return true
    case .pointerUp(let point) where banner.isOnScreen && bannerFrame.contains(point):
      return true
    default:
      return false
    }
  }

  public var isAnimating: Bool { banner.isAnimating }

  public var nextWakeTime: Double? {
    let load = schedule.nextWakeTime(suspended: isRotationSuspended, viewableFrom: viewability.isViewable ? time : nil)
    return earliest(earliest(load, tracker.nextWakeTime), notice?.until)
  }

  private func earliest(_ a: Double?, _ b: Double?) -> Double? {
    guard let a else { return b }
    guard let b else { return a }
    return min(a, b)
  }

  public var needsDisplay: Bool { drawnVersion != stateVersion || banner.isAnimating }

  public func draw(on canvas: any Canvas) {
    applyWindowState()
    // On a game's own renderer, its state is as it was afterwards; the canvas follows the window.
    canvas.drawOverlay {
      viewSize = canvas.size
      drawnVersion = stateVersion
      creative.prepare(on: canvas)
      if banner.isOnScreen {
        BannerArtwork.drawBanner(
          in: bannerFrame, opacity: banner.visibility(at: time), image: creative.uploaded, on: canvas)
      }
      if case .inAppView(_, let view) = action { view.draw(on: canvas, image: creative.uploaded) }
      if let notice { BannerArtwork.drawNotice(notice.text, on: canvas) }
    }
  }

  // MARK: - Loading

  /// Rotation waits while an action is in progress, the window is minimised or placement keeps the
  /// banner away (an overdue rotation then runs as soon as that ends).
  private var isRotationSuspended: Bool { activeAction != nil || isWindowMinimized || !isBannerAllowed }

  private func deliver(_ result: Result<LoadedAd, AdError>) {
    switch result {
    case .success(let loaded):
      // A new display: the one before it ends here, and the new ad's impression is still to count.
      tracker.beginDisplay()
      creative.replace(with: loaded.image)
      currentAd = loaded.creative
      changed()
      if let fallback = loaded.fallback {
        trace.emit("ad.loaded", ["id": .string(loaded.creative.id), "source": .string(fallback.rawValue)])
      } else {
        trace.emit("ad.loaded", ["id": .string(loaded.creative.id)])
      }
      delegate.bannerDidLoadAd(loaded.creative)
      guard wantsBanner else { return }
      if banner.isClickable {
        guardClicks(reason: "creativeChanged")
      } else {
        showBanner(reason: "loaded")
      }
    case .failure(let error):
      currentAd = nil
      trace.emit("ad.failed", ["error": .string(error.description)])
      delegate.bannerDidFailToReceiveAd(error: error)
      hideBanner(reason: "failed")
      onLoadFailure?(error)
    }
  }

  // MARK: - Banner

  /// Whether the banner should be on screen: an ad is loaded, and neither the API nor placement
  /// keeps it away.
  private var wantsBanner: Bool { currentAd != nil && !isBannerHidden && isBannerAllowed }

  private func updateBannerPlacement(reason: String) {
    if wantsBanner { showBanner(reason: reason) } else { hideBanner(reason: reason) }
  }

  private func showBanner(reason: String) {
    guard banner.show(at: time) else { return }
    changed()
    trace.emit("banner.shown", ["reason": .string(reason)])
  }

  private func hideBanner(reason: String) {
    bannerPressed = false
    guard banner.hide(at: time) else { return }
    changed()
    trace.emit("banner.hidden", ["reason": .string(reason)])
  }

  /// Refuses clicks for `clickGuard` seconds from now.
  private func guardClicks(reason: String) {
    clickGate.guardClicks(at: time, reason: reason)
  }

  // MARK: - Viewability and beacons

  /// Why the banner's ad is not viewable now, or nil when it is.
  private var obstruction: Viewability.Obstruction? {
    if isWindowMinimized { return .minimized }
    if isAdViewOpen { return .covered }
    guard currentAd != nil, isBannerAllowed, banner.isOnScreen,
      Viewability.visibleShare(of: bannerFrame, inViewOfHeight: viewSize.height) >= Viewability.requiredShare
    else { return .offscreen }
    return nil
  }

  /// Measures viewability now; an impression that counted goes to the delegate, after its beacon
  /// was stored and its trace line written.
  private func updateViewability() {
    if let ad = tracker.update(at: time, ad: currentAd, obstruction: obstruction) {
      delegate.bannerDidRecordImpression(ad)
    }
  }

  // MARK: - Actions

  private func click() {
    guard let ad = currentAd, activeAction == nil else { return }
    switch clickGate.verdict(at: time) {
    case .allowed: break
    case .coolingDown: return
    case .refused(let reason):
      trace.emit("banner.clickRefused", ["id": .string(ad.id), "reason": .string(reason)])
      return
    }
    tracker.recordBeacon(.click, of: ad)
    trace.emit("banner.clicked", ["id": .string(ad.id)])
    delegate.bannerDidRecordClick(ad)
    let willLeave = ad.action.willLeaveApplication
    guard delegate.bannerActionShouldBegin(ad, willLeaveApplication: willLeave) else { return }
    clickGate.actionBegan(at: time)
    switch ad.action {
    case .inApp: action = .inAppView(ad, AdView(creative: ad))
    case .openURL: action = .leaving(ad)
    }
    changed()
    trace.emit("action.began", ["id": .string(ad.id), "willLeave": .bool(willLeave)])
    if case .openURL(let url) = ad.action {
      open(url)
      finishAction()
    }
  }

  /// Opens `url` through the browser path, tracing the outcome; tells the player when it failed.
  private func open(_ url: String) {
    if AdManifest.isWebURL(url), urlOpener.open(url) {
      if urlOpener.opensNothing {
        trace.emit("url.opened", ["url": .string(url), "headless": .bool(true)])
      } else {
        trace.emit("url.opened", ["url": .string(url)])
      }
    } else {
      trace.emit("url.failed", ["url": .string(url), "reason": .string(urlOpener.failureReason ?? "refused")])
      notice = (AdOverlay.browserFailureNotice, time + AdOverlay.noticeDuration)
      changed()
    }
  }

  private func finishAction() {
    guard let ad = activeAction else { return }
    action = .idle
    changed()
    trace.emit("action.finished", ["id": .string(ad.id)])
    delegate.bannerActionDidFinish(ad)
  }

  private func changed() { stateVersion &+= 1 }
}
