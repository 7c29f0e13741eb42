import IntermissionAds
import IntermissionCore

/// Opens an ad's landing URL through the browser path, for the banner and the full-screen view
/// alike: only http and https go out, every outcome is traced (`url.opened`, `url.failed`), and a
/// failure tells the player with a notice for `AdOverlay.noticeDuration` seconds.
final class LinkOpener {
  private let urlOpener: any URLOpener
  private let trace: Trace
  /// The message shown to the player now, and until when.
  private(set) var notice: (text: String, until: Double)?
  /// What the notice of a failure says, in the game's language.
  var failureNotice: String

  /// Opens through `urlOpener`, tracing to `trace`; a failure shows `notice`.
  init(urlOpener: any URLOpener, trace: Trace, notice: String = AdOverlay.browserFailureNotice) {
    self.urlOpener = urlOpener
    self.trace = trace
    failureNotice = notice
  }

  /// Opens `url` at `time`.
  /// - Returns: whether the player now sees a notice (the browser could not be opened).
  @discardableResult
  func open(_ url: String, at time: Double) -> Bool {
    if AdManifest.isWebURL(url), urlOpener.open(url) {
      if urlOpener.opensNothing {
        trace.emit(.urlOpened, ["url": .string(url), "headless": .bool(true)])
      } else {
        trace.emit(.urlOpened, ["url": .string(url)])
      }
      return false
    }
    trace.emit(.urlFailed, ["url": .string(url), "reason": .string(urlOpener.failureReason ?? "refused")])
    notice = (failureNotice, time + AdOverlay.noticeDuration)
    return true
  }

  /// Removes the notice once its time is over.
  /// - Returns: whether one was removed.
  func expireNotice(at time: Double) -> Bool {
    guard let notice, time >= notice.until else { return false }
    self.notice = nil
    return true
  }
}
