/// The name of a trace record's event, such as `game.paused`: the one table of every name that
/// Intermission writes (`all`), which the C API's `on_event` hears too.
///
/// A game may trace events of its own, under names of its own: `TraceEvent("bonus.collected")`.
public struct TraceEvent: Hashable, Sendable, CustomStringConvertible {
  /// The name as traces write it.
  public let name: String

  /// An event named `name`, such as a game's own `"bonus.collected"`.
  public init(_ name: String) { self.name = name }

  public var description: String { name }

  /// Every event Intermission writes, in the order of this table.
  public static let all: [TraceEvent] =
    host + pauses + scenes + loads + banners + fullscreen + video + beacons + records + text + consent

  // MARK: - The host

  /// The host started: the window's size, fps, the clock, whether ads run, the language.
  public static let hostStarted = TraceEvent("host.started")
  /// The host stopped: `reason` is `seconds`, `frames`, `script`, `quit`, `signal` and so on.
  public static let hostStopped = TraceEvent("host.stopped")
  /// A scripted input event was pushed into the event queue.
  public static let inputInjected = TraceEvent("input.injected")
  static let host = [hostStarted, hostStopped, inputInjected]

  // MARK: - Pausing

  /// The game stopped: the first hold; `reason` is its holder.
  public static let gamePaused = TraceEvent("game.paused")
  /// The game runs again: the last hold was released; `reason` is its holder.
  public static let gameResumed = TraceEvent("game.resumed")
  /// A holder took a hold, whether or not the game was running.
  public static let pauseHeld = TraceEvent("pause.held")
  /// A holder let go of its hold, whether or not others still hold the game.
  public static let pauseReleased = TraceEvent("pause.released")
  static let pauses = [gamePaused, gameResumed, pauseHeld, pauseReleased]

  // MARK: - Scenes

  /// A scene became the running scene.
  public static let sceneEntered = TraceEvent("scene.entered")
  /// A scene left the stack.
  public static let sceneExited = TraceEvent("scene.exited")
  static let scenes = [sceneEntered, sceneExited]

  // MARK: - Loads and bids

  /// An ad loaded and is ready.
  public static let adLoaded = TraceEvent("ad.loaded")
  /// A load failed: the error and its reason.
  public static let adFailed = TraceEvent("ad.failed")
  /// A loaded ad expired before it showed; another loads.
  public static let adExpired = TraceEvent("ad.expired")
  /// A bid was refused (below the floor, bad markup, and so on), with its reason.
  public static let bidRefused = TraceEvent("bid.refused")
  /// A VAST error, with its code, for the document's error trackers.
  public static let vastError = TraceEvent("vast.error")
  /// A load that was due waited instead: `reason` `consent` while a player in a GDPR region has
  /// not decided (no ad traffic leaves the process until then).
  public static let adDeferred = TraceEvent("ad.deferred")
  static let loads = [adLoaded, adFailed, adExpired, bidRefused, vastError, adDeferred]

  // MARK: - The banner and its in-app action

  /// The banner came into view.
  public static let bannerShown = TraceEvent("banner.shown")
  /// The banner left the view.
  public static let bannerHidden = TraceEvent("banner.hidden")
  /// The banner was clicked.
  public static let bannerClicked = TraceEvent("banner.clicked")
  /// A click on the banner was refused (covered, hidden, too soon).
  public static let bannerClickRefused = TraceEvent("banner.clickRefused")
  /// An ad became viewable (half of it in view), and its viewable second started.
  public static let viewableStart = TraceEvent("viewable.start")
  /// An ad stopped being viewable, with the reason.
  public static let viewableStop = TraceEvent("viewable.stop")
  /// An impression was counted.
  public static let impression = TraceEvent("impression")
  /// The banner's in-app action began (it holds the game).
  public static let actionBegan = TraceEvent("action.began")
  /// The in-app action finished (its hold released).
  public static let actionFinished = TraceEvent("action.finished")
  /// The ad's call to action was clicked.
  public static let ctaClicked = TraceEvent("cta.clicked")
  /// A click-through opened in the browser.
  public static let urlOpened = TraceEvent("url.opened")
  /// A click-through could not be opened.
  public static let urlFailed = TraceEvent("url.failed")
  static let banners = [
    bannerShown, bannerHidden, bannerClicked, bannerClickRefused, viewableStart, viewableStop, impression,
    actionBegan, actionFinished, ctaClicked, urlOpened, urlFailed,
  ]

  // MARK: - Full-screen ads

  /// A full-screen ad was shown (it holds the game).
  public static let fullscreenShown = TraceEvent("fullscreen.shown")
  /// A full-screen ad's click-through was clicked.
  public static let fullscreenClicked = TraceEvent("fullscreen.clicked")
  /// A full-screen ad was closed (its hold released).
  public static let fullscreenDismissed = TraceEvent("fullscreen.dismissed")
  /// A show was refused, with the refusal's name.
  public static let fullscreenRefused = TraceEvent("fullscreen.refused")
  /// A show failed after it began.
  public static let fullscreenFailed = TraceEvent("fullscreen.failed")
  /// A close was refused (before the ad may be closed).
  public static let fullscreenCloseRefused = TraceEvent("fullscreen.closeRefused")
  /// A rewarded ad earned its reward.
  public static let rewardedEarned = TraceEvent("rewarded.earned")
  /// A rewarded ad was closed early; no reward.
  public static let rewardedForfeited = TraceEvent("rewarded.forfeited")
  /// An early close of a rewarded ad asked the player whether to give up the reward.
  public static let rewardedCloseAsked = TraceEvent("rewarded.closeAsked")
  /// A rewarded ad played to its end.
  public static let rewardedCompleted = TraceEvent("rewarded.completed")
  static let fullscreen = [
    fullscreenShown, fullscreenClicked, fullscreenDismissed, fullscreenRefused, fullscreenFailed,
    fullscreenCloseRefused, rewardedEarned, rewardedForfeited, rewardedCloseAsked, rewardedCompleted,
  ]

  // MARK: - Video ads

  /// A video ad's first picture was presented.
  public static let videoStarted = TraceEvent("video.started")
  /// A video ad passed a quartile (1, 2 or 3).
  public static let videoQuartile = TraceEvent("video.quartile")
  /// A video ad played to its end.
  public static let videoCompleted = TraceEvent("video.completed")
  /// A video ad was skipped.
  public static let videoSkipped = TraceEvent("video.skipped")
  /// A video ad was paused (its click-through, the window).
  public static let videoPaused = TraceEvent("video.paused")
  /// A paused video ad plays on.
  public static let videoResumed = TraceEvent("video.resumed")
  /// A video ad's sound was muted.
  public static let videoMuted = TraceEvent("video.muted")
  /// A video ad's sound was unmuted.
  public static let videoUnmuted = TraceEvent("video.unmuted")
  static let video = [
    videoStarted, videoQuartile, videoCompleted, videoSkipped, videoPaused, videoResumed, videoMuted, videoUnmuted,
  ]

  // MARK: - Beacons

  /// A beacon reached its server.
  public static let beaconSent = TraceEvent("beacon.sent")
  /// A beacon's request failed; it is retried.
  public static let beaconFailed = TraceEvent("beacon.failed")
  /// A beacon was dropped (expired, refused, or not a web URL).
  public static let beaconDropped = TraceEvent("beacon.dropped")
  static let beacons = [beaconSent, beaconFailed, beaconDropped]

  // MARK: - Revenue and rewards on record

  /// What an impression earned; delivered at least once, so a game counts each `eventID` once.
  public static let adRevenue = TraceEvent("ad.revenue")
  /// An impression's revenue could not be recorded.
  public static let revenueNotRecorded = TraceEvent("revenue.notRecorded")
  /// The revenue store failed.
  public static let revenueStoreFailed = TraceEvent("revenue.storeFailed")
  /// An earned reward could not be recorded.
  public static let rewardedNotRecorded = TraceEvent("rewarded.notRecorded")
  /// The reward store failed.
  public static let rewardedStoreFailed = TraceEvent("rewarded.storeFailed")
  static let records = [adRevenue, revenueNotRecorded, revenueStoreFailed, rewardedNotRecorded, rewardedStoreFailed]

  // MARK: - Text

  /// A game's string replaced an unknown key; it was ignored.
  public static let stringsUnknownKey = TraceEvent("strings.unknownKey")
  /// A font file was refused.
  public static let textFontRefused = TraceEvent("text.fontRefused")
  /// Text had characters that no font has.
  public static let textMissingGlyphs = TraceEvent("text.missingGlyphs")
  static let text = [stringsUnknownKey, textFontRefused, textMissingGlyphs]

  // MARK: - Consent

  /// The player must decide before any ad request: `reason` (`noDecision`, `expired after 400
  /// days`, …).
  public static let consentRequired = TraceEvent("consent.required")
  /// No decision is needed where the player is: `geography`.
  public static let consentNotRequired = TraceEvent("consent.notRequired")
  /// The consent form was shown.
  public static let consentShown = TraceEvent("consent.shown")
  /// The player decided: the `purposes` consented to, the count of `vendors`, the `ms` it took.
  public static let consentDecided = TraceEvent("consent.decided")
  /// A consent string the game passed did not decode: `reason`, naming where.
  public static let consentRefused = TraceEvent("consent.refused")
  /// The stored decision was older than the consent file allows: its age in `days`.
  public static let consentExpired = TraceEvent("consent.expired")
  /// The consent store could not be read (set aside) or written (kept in memory): `reason`.
  public static let consentStoreFailed = TraceEvent("consent.storeFailed")
  static let consent = [
    consentRequired, consentNotRequired, consentShown, consentDecided, consentRefused, consentExpired,
    consentStoreFailed,
  ]
}
