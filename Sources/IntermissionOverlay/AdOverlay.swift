import IntermissionAds
import IntermissionBasics
import IntermissionConsent
import IntermissionCore
import IntermissionLocalization

/// The ad overlay: a banner pinned to the bottom of the window, hidden until an ad loads, rotating
/// ads on a timer, and an in-app ad view whose action pauses the game through its delegate; and the
/// full-screen formats (`fullscreen`), interstitials and rewarded ads, on the same holds.
///
/// It coordinates its parts: the banner's slot (loading, rotation, placement, clicks), the
/// full-screen presenter (readiness, pacing, countdown, reward), the ad view that both present,
/// viewability and beacons, and the holds on the game.
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
    package var jitterSeed: UInt64?
    /// Simulated network latency: a load is delivered this long (host time) after it was requested.
    public var latency: Double = 0.5
    /// Block the loop for a load that is due but not finished (fixed-step determinism).
    public var waitsForDueLoads = false
    /// Seconds after an action starts during which further banner clicks are ignored (double clicks).
    public var clickCooldown: Double = 0.5
    /// Seconds after the banner finished sliding in, or after its creative changed, during which a
    /// click is refused (`banner.clickRefused`): such a click was aimed at what was there before.
    public var clickGuard: Double = 0.5
    /// Seconds a preloaded full-screen ad stays showable (default an hour); an expired one is
    /// discarded and loaded again, never shown.
    public var fullscreenExpiry: Double = 3600
    /// The full-screen pacing rules, enforced by `fullscreen`.
    public var pacing = FullscreenPacing.Rules()
    /// The language of the overlay's own words and of house ads, a BCP 47 tag such as "ja"; nil
    /// takes the players' from the environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), else
    /// English. A language Intermission does not speak gives English.
    public var language: String?
    /// The game's own text for any of the overlay's words, by key (`AdStrings.Key`'s raw values,
    /// such as "button.close"); a key that is not one is traced (`strings.unknownKey`) and ignored.
    public var strings: [String: String] = [:]
    /// Font files tried before the system's fonts for all text (TrueType, OpenType, or a `.ttc`
    /// collection): a game's own font, or one for a script the machine has no font for.
    public var fonts: [String] = []

    /// Creates the default configuration.
    public init() {}
  }

  /// The callbacks' receiver; by default the bridge that pauses the target for in-app actions.
  package var delegate: any AdBannerDelegate {
    get { slot.delegate }
    set { slot.delegate = newValue }
  }

  /// When true, the banner stays off-screen and unclickable whatever loads meanwhile (reason `api`).
  public var isBannerHidden: Bool {
    get { slot.isHidden }
    set { slot.isHidden = newValue }
  }

  /// Placement: whether the running scene (or, in a game without our scenes, the game itself)
  /// allows the banner. While false, the banner slides out, takes no click, leaves no bottom inset
  /// and does not rotate; the game is not paused. The director sets it from `Scene.carriesBanner`
  /// at every scene change; an embedding game sets it with this one property. Traced with reason
  /// `scene`.
  public var isBannerAllowed: Bool {
    get { slot.isAllowed }
    set { slot.isAllowed = newValue }
  }

  /// Called with what each impression earned (`AdRevenue`), the banner's and each full-screen
  /// ad's, on the game's thread, right after its `impression` and `ad.revenue` trace lines and
  /// before any click of that show: a bought ad's price (`exact`), a house ad's stated `cpm`
  /// (`publisherProvided`), else nothing known (`none`, 0).
  public var onRevenue: ((AdRevenue) -> Void)? {
    get { revenue.handler }
    set { revenue.handler = newValue }
  }

  /// Whether each `ad.revenue` trace line carries its event's `eventID` (after `precision`): on for
  /// a game that hears of revenue only through the trace (the C API's `on_event`), which needs
  /// the key to count a redelivered event once. Off by default: an id is new at each launch, and a
  /// fixed-step run's trace stays the same, byte for byte (`onRevenue` hands Swift the id).
  package var tracesRevenueEventIDs: Bool {
    get { revenue.tracesEventIDs }
    set { revenue.tracesEventIDs = newValue }
  }

  /// Where each revenue event waits between its impression and `onRevenue` (the beacon queue of
  /// an `AdStack`); nil, the default, keeps them nowhere. Events left by a launch killed in
  /// between are delivered at the first update with both it and `onRevenue` set, with
  /// `"pending": true`.
  package var revenueStore: (any RevenueStore)? {
    get { revenue.store }
    set { revenue.store = newValue }
  }

  /// Called with every failed load, after the trace and the delegate heard of it (a host warns
  /// the user with it).
  public var onLoadFailure: ((AdError) -> Void)? {
    get { slot.onLoadFailure }
    set { slot.onLoadFailure = newValue }
  }

  /// Whether the window is minimised or hidden (no rotation then): the pause target's `.window` hold.
  public var isWindowMinimized: Bool { holds.isWindowMinimized }

  /// Whether `update(hostTime:)` begins a frame of the trace (`Trace.beginFrame(at:)`): true when
  /// the overlay is the only thing that knows the game's frames, as in a game with its own loop.
  package var drivesTrace = false

  /// What lives exactly as long as the overlay: a backend's claims on it (such as the SDL backend's
  /// claim on the thread its overlays draw on), released with it.
  package var keptForItsLifetime: [AnyObject] = []

  /// The size of the view the banner is pinned to the bottom of. A director sets it; without one,
  /// every draw takes it from the canvas.
  public var viewSize: Size {
    get { slot.viewSize }
    set {
      let changed = newValue != slot.viewSize
      slot.viewSize = newValue
      if changed { noteViewSize() }
    }
  }

  /// Pixels per point of the view (2 on a HiDPI display): what a source is told of the view's size
  /// is in pixels (an OpenRTB request's `device.w` and `h`).
  public var pixelScale = 1.0 {
    didSet { if pixelScale != oldValue { noteViewSize() } }
  }

  /// The banner's lifecycle.
  package var banner: AdBanner { slot.banner }

  /// Whether the banner's ad is viewable, and whether this display's impression counted.
  package var viewability: Viewability { slot.tracker.viewability }

  /// Where impressions, clicks and rewards of ads with tracking URLs are reported; nil reports
  /// none. The overlay drives its delivery from `update(hostTime:)`.
  package var beacons: (any BeaconDelivery)? {
    get { slot.tracker.beacons }
    set {
      slot.tracker.beacons = newValue
      hasPreparedBeacons = false
    }
  }
  /// Whether `beacons` was told that beacons are coming (`BeaconDelivery.prepareToRecord`).
  private var hasPreparedBeacons = false

  /// The ad on the banner, if one is loaded.
  package var currentAd: AdCreative? { slot.currentAd }

  /// The ad whose action is in progress, if any.
  package var activeAction: AdCreative? { slot.activeAction }

  /// Whether the banner's in-app ad view is open.
  public var isAdViewOpen: Bool { slot.isAdViewOpen }

  /// The full-screen formats: readiness, shows, events and rewards.
  public let fullscreen: FullscreenPresenter

  let loader: AdLoader
  package let trace: Trace
  private let holds: AdHolds
  private let links: LinkOpener
  private let changes = ChangeCounter()
  let slot: BannerSlot
  private var drawnVersion = -1

  /// The width kept for the "Ad" label at the banner's left, and as much at its right.
  package static let labelWidth = 30.0

  /// Where the creative goes on a banner at `frame`, for an image of `imageSize` pixels: aspect
  /// kept, clear of the "Ad" label.
  package static func creativeFrame(in frame: Rect, imageSize: Size) -> Rect {
    frame.insetBy(dx: labelWidth, dy: 0).aspectFit(imageSize)
  }

  /// What the player reads when an ad's browser cannot be opened.
  package static let browserFailureNotice = "Couldn't open the browser"
  /// How long a notice stays, in seconds.
  package static let noticeDuration = 3.0

  /// The message shown to the player now, if any.
  public var currentNotice: String? { links.notice?.text }

  /// The overlay's own words, in the language chosen from the configuration and the environment.
  public private(set) var strings: AdStrings {
    didSet { stringsVersion += 1 }
  }
  /// How many times `strings` changed: what a frame compares to know (`TextRehearsal`).
  private var stringsVersion = 0
  private var missingGlyphs = MissingGlyphReport()
  /// The game's font files (`Configuration.fonts`), handed to the canvas it draws on.
  private let fonts: [String]
  /// Lays the overlay's text out off the loop, on the canvas's engine.
  private let rehearsal: TextRehearsal
  /// Tells the game what each paid impression earned.
  private lazy var revenue = RevenueReporter(trace: trace)

  /// Creates the overlay.
  /// - Parameters:
  ///   - pauseTarget: what the default bridge pauses for in-app actions, and what full-screen ads
  ///     hold (kept weakly).
  ///   - loader: where ads come from; the full-screen formats load from its source too.
  ///   - configuration: timing and pacing.
  ///   - trace: where state changes are recorded.
  ///   - urlOpener: opens `open-url` ads and landing pages.
  package init(
    pauseTarget: any PauseTarget, loader: AdLoader, configuration: Configuration, trace: Trace,
    urlOpener: any URLOpener
  ) {
    self.loader = loader
    self.trace = trace
    var strings = AdStrings(
      language: Localization.chooseLanguage(explicit: configuration.language, environment: ProcessEnvironment.current())
    )
    for (key, text) in configuration.strings.sorted(by: { $0.key < $1.key }) where !strings.replace(key, with: text) {
      trace.emit(.stringsUnknownKey, ["key": .string(key)])
    }
    self.strings = strings
    fonts = configuration.fonts
    waitsForDueLoads = configuration.waitsForDueLoads
    let rehearsal = TextRehearsal(strings: strings)
    self.rehearsal = rehearsal
    loader.language = strings.language
    loader.rehearsal = rehearsal
    if let explicit = configuration.language { loader.source.noteLanguage(explicit) }
    holds = AdHolds(target: pauseTarget)
    links = LinkOpener(urlOpener: urlOpener, trace: trace, notice: strings.text(.browserFailed))
    slot = BannerSlot(
      loader: loader, configuration: configuration, trace: trace, holds: holds, links: links, changes: changes,
      delegate: AdActionBridge(pauseTarget: pauseTarget), strings: strings)
    fullscreen = FullscreenPresenter(
      loader: loader, configuration: configuration, trace: trace, holds: holds, links: links, changes: changes,
      beacons: { [weak slot] in slot?.tracker.beacons }, strings: strings)
    // Weakly both ways: the slot and the presenter live exactly as long as the overlay.
    fullscreen.isOtherViewOpen = { [weak slot, weak self] in
      slot?.hasAction == true || self?.isConsentFormShown == true
    }
    fullscreen.view = (slot.viewSize, pixelScale)
    slot.onLoad = { [weak fullscreen] result in fullscreen?.bannerDidLoad(result) }
    slot.tracker.revenue = revenue
    fullscreen.revenue = revenue
  }

  deinit {
    // A decode may still run on a worker thread; the game may shut SDL down right after this.
    stopWorkers()
  }

  /// Stops the overlay's work beside the loop, for an overlay or a program that ends: the transfers
  /// under way are cancelled (`cancelsTransfers`, and each load's own), a playing video's decoding
  /// and the ready ads' prerolled ones are stopped (and no preroll starts after), the rehearsal of
  /// the overlay's words is cancelled, and then the loads (a decode, a library being loaded), the
  /// rehearsal and the stopped decoding threads are waited for, all within one load time-out of
  /// the source in all, and last the beacon queue's worker. (The decoders of videos dismissed, or of ads expired, earlier end on their
  /// own; a program waits for them with `VideoFrameQueue.finishStopping(timeout:)`.) A program
  /// that exits with the overlay alive calls it
  /// first, as its `deinit` does: a worker still loading a library or decoding while the process
  /// ends can abort it. The overlay shows nothing more afterwards.
  public func stopWorkers() {
    cancelsTransfers?()
    cancelTextPreparation()
    loader.cancelRunningLoad()
    fullscreen.stopWork()
    let deadline = MonotonicClock.readSeconds() + loader.source.loadTimeout
    func remaining() -> Double { max(0, deadline - MonotonicClock.readSeconds()) }
    fullscreen.waitForWorkers(until: deadline)
    loader.waitForWorkers(timeout: remaining())
    rehearsal.waitUntilDone(timeout: remaining())
    fullscreen.waitForVideo(until: deadline)
    consentForm?.stop(until: deadline)
    waitsForBeaconWorker?()
  }

  /// Cancels every transfer of the client the overlay's source fetches with (its `cancelAll()`),
  /// if the overlay was made with one: `stopWorkers()` calls it first.
  package var cancelsTransfers: (@Sendable () -> Void)?

  /// Waits for the durable beacon queue's worker (opening its file, or sending a batch whose
  /// transfer `cancelsTransfers` cancelled), if the overlay was made with one: `stopWorkers()`
  /// calls it last.
  package var waitsForBeaconWorker: (() -> Void)?
  /// The consent engine's bridge, when a consent file is given: its events and decisions reach
  /// the trace and the source at each update.
  package var consent: ConsentBridge? {
    didSet {
      consentForm = consent.map {
        ConsentPresenter(
          bridge: $0, holds: holds, links: links, changes: changes, language: strings.language,
          waits: waitsForDueLoads)
      }
    }
  }
  /// Shows the consent form when the engine needs it, and the privacy options.
  private var consentForm: ConsentPresenter?
  /// Whether the run blocks for work that is due (`Configuration.waitsForDueLoads`).
  private let waitsForDueLoads: Bool

  /// Whether the overlay has privacy options to offer in the game's menu (`showPrivacyOptions()`):
  /// a consent engine runs, and the player is in a region with consent rules, or it does not know
  /// yet where the player is.
  public var offersPrivacyOptions: Bool { consentForm?.offersPrivacyOptions ?? false }

  /// Whether the consent form is on screen (the game is held as `consent` meanwhile).
  public var isConsentFormShown: Bool { consentForm?.form != nil }

  /// The consent form on screen, if any (for tests and tools).
  package var consentFormShown: ConsentForm? { consentForm?.form }

  /// Opens the privacy options at the next update, where a consent file was given: the consent
  /// form again for a player in a GDPR region (showing the choices in force), the opt-outs for a
  /// player in a regulated US state. Google requires such an entry point wherever consent applies.
  /// - Returns: false, opening nothing, without a consent engine, before it knows where the player
  ///   is, while the player must decide anyway, without a vendor list to explain, where no consent
  ///   rule applies, or while the form or an ad is open.
  @discardableResult
  public func showPrivacyOptions() -> Bool {
    guard let consentForm else { return false }
    do {
      try consentForm.showPrivacyOptions(adIsOpen: isAdOpen)
      return true
    } catch {
      return false
    }
  }

  /// Why `showPrivacyOptions()` refuses now, by the name the C API gives it ("alreadyShowing",
  /// "notReady"); nil when it would open them or without a consent engine.
  package var privacyOptionsRefusal: String? {
    guard let consentForm else { return nil }
    if consentForm.form != nil || isAdOpen { return "alreadyShowing" }
    return consentForm.offersPrivacyOptions ? nil : "notReady"
  }

  /// Whether a full-screen ad or the banner's in-app ad view is open.
  private var isAdOpen: Bool { fullscreen.show != nil || slot.hasAction }

  /// How many of the overlay's loads run on a worker thread: the banner's and the full-screen
  /// ads' (for tests).
  package var runningLoads: Int { loader.runningWorkers + fullscreen.runningLoads }

  /// How many of the rewarded ads' loads run on a worker thread (for tests).
  package var runningRewardedLoads: Int { fullscreen.rewardedAds.runningLoads }

  /// Whether the shown video's decoding thread is still alive (for tests).
  package var isDecodingVideo: Bool { fullscreen.isDecodingVideo }

  /// Waits, at most `timeout` seconds, until the rehearsals of the overlay's own words are done
  /// (`prepareText(on:)`). For tests.
  package func waitForTextPreparation(timeout: Double) -> Bool { rehearsal.waitUntilDone(timeout: timeout) }

  /// Stops the rehearsal of the overlay's own words under way at its next drawn state; the next
  /// change of words, language or size rehearses them again. An overlay that goes away does
  /// this, so that it does not wait for work whose lines would never be drawn.
  package func cancelTextPreparation() { rehearsal.cancel() }

  /// Replaces one of the overlay's own words (`AdStrings.replace(_:with:)`): the banner's label at
  /// once, an ad view's words from the next view that opens.
  /// - Returns: false, changing nothing, for a key that is not one of `AdStrings.Key`'s.
  @discardableResult
  public func setString(_ text: String, for key: String) -> Bool {
    guard strings.replace(key, with: text) else { return false }
    slot.strings = strings
    fullscreen.strings = strings
    links.failureNotice = strings.text(.browserFailed)
    changes.changed()
    return true
  }

  /// Lays the overlay's text out on `canvas`'s engine from now on, away from the loop: its own
  /// words at once on a worker, and each ad's on its loader's worker as it loads. Drawing on a
  /// canvas does this by itself; a host calls it before its first frame so that the first ad
  /// loaded is laid out ahead too.
  public func prepareText(on canvas: any Canvas) { noteCanvas(canvas) }

  /// Hands the game's fonts to `canvas` (the first time), and notes it for the text's rehearsals.
  private func noteCanvas(_ canvas: any Canvas) {
    if !fonts.isEmpty {
      for path in canvas.preferFonts(fonts) { trace.emit(.textFontRefused, ["path": .string(path)]) }
    }
    rehearsal.note(canvas: canvas, strings: strings, version: stringsVersion)
  }

  /// Holds the pause target as `.window` while the game's window is minimised or hidden, and
  /// releases that hold when it is restored: no rotation and no game then.
  public func setWindowMinimized(_ minimized: Bool) { holds.setWindowMinimized(minimized) }

  /// Notes the window's state from one of a frame's window events. The `.window` hold follows the
  /// state as it stands after all of the frame's events, at the next `update(hostTime:)` or
  /// `draw(on:)`, whichever comes first: a window shown, hidden and shown again within one frame
  /// (as SDL's drivers do while they create one) never pauses the game.
  public func noteWindowMinimized(_ minimized: Bool) { holds.noteWindowMinimized(minimized) }

  /// The window has the keyboard focus again (the player came back from the browser): a video
  /// ad paused by its click-through plays on.
  public func noteWindowFocusGained() { fullscreen.resumeVideoAfterClick() }

  /// The height at the bottom of the view that the banner covers while any of it is on screen; 0
  /// as soon as placement keeps it away.
  public var bottomInset: Double {
    isBannerAllowed && banner.isOnScreen ? AdBanner.height(forWidth: viewSize.width) : 0
  }

  /// The banner's frame now.
  public var bannerFrame: Rect { slot.frame }

  // MARK: - Overlay

  public func frameDidBegin(at hostTime: Double) {
    slot.frameDidBegin(at: hostTime)
    fullscreen.frameDidBegin(at: hostTime)
  }

  public func update(hostTime: Double) {
    if drivesTrace { trace.beginFrame(at: hostTime) }
    if !hasPreparedBeacons {
      // Before any load's result (a bought ad's loss notices come with the first): the beacons'
      // store is made now, off the loop, not in the frame of the first beacon.
      hasPreparedBeacons = true
      beacons?.prepareToRecord()
    }
    holds.applyWindowState()
    // The form first, so that `consent.shown` is traced in the frame that shows it.
    consentForm?.update(adIsOpen: isAdOpen)
    consent?.update(trace: trace, source: loader.source)
    // Pending revenue and rewards of an earlier launch come before anything else of the frame.
    revenue.deliverPending()
    fullscreen.update(at: hostTime)
    slot.update(at: hostTime, covered: fullscreen.isShowing || isConsentFormShown)
    if links.expireNotice(at: hostTime) { changes.changed() }
    deliver(loader.takeReports())
    deliver(fullscreen.interstitials.takeReports())
    deliver(fullscreen.rewardedAds.takeReports())
    slot.tracker.deliverBeacons(at: hostTime)
  }

  public func runningSceneDidChange(to scene: Scene?) {
    isBannerAllowed = scene?.carriesBanner ?? true
  }

  public func viewSizeDidChange(to size: Size) { viewSize = size }

  public func handle(_ event: InputEvent) -> Bool {
    // The consent form, then a full-screen ad, are modal: no banner click, no scene, no pause
    // control while either is open.
    if consentForm?.handle(event, viewSize: viewSize, at: fullscreen.time) == true { return true }
    if fullscreen.handle(event, viewSize: viewSize) { return true }
    return slot.handle(event)
  }

  public var isAnimating: Bool { banner.isAnimating }

  public var nextWakeTime: Double? {
    earliest(earliest(slot.nextWakeTime, fullscreen.nextWakeTime), links.notice?.until)
  }

  /// Whether the overlay takes all input now, because a full-screen ad or the in-app ad view is
  /// open (as Dear ImGui's `WantCaptureMouse` tells a game): the game acts on none meanwhile, even
  /// on input that `handle(_:)` never sees, such as another mouse button.
  public var takesAllInput: Bool { fullscreen.show != nil || isAdViewOpen || isConsentFormShown }

  /// A presented full-screen ad, or the consent form, covers the whole view.
  public var coversView: Bool { fullscreen.show?.isPresented == true || isConsentFormShown }

  public var needsDisplay: Bool { drawnVersion != changes.value || banner.isAnimating }

  public func draw(on canvas: any Canvas) {
    holds.applyWindowState()
    // On a game's own renderer, its state is as it was afterwards; the canvas follows the window.
    canvas.drawOverlay {
      noteCanvas(canvas)
      viewSize = canvas.size
      pixelScale = canvas.pixelsPerPoint
      slot.draw(on: canvas)
      fullscreen.draw(on: canvas)
      consentForm?.draw(on: canvas)
      if let notice = links.notice { BannerArtwork.drawNotice(notice.text, on: canvas) }
      missingGlyphs.note(
        canvas.takeMissingGlyphs(),
        ad: isConsentFormShown ? nil : fullscreen.show?.ad.id ?? slot.activeAction?.id ?? slot.currentAd?.id,
        trace: trace)
      drawnVersion = changes.value
    }
  }
}
