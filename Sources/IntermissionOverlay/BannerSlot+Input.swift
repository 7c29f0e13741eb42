import IntermissionAds
import IntermissionCore

extension BannerSlot {

  /// Handles input for the banner and its ad view; true when it took the event.
  func handle(_ event: InputEvent) -> Bool {
    if case .inAppView(let ad, var view) = action {
      // The ad view is modal: nothing reaches the scene or the pause control while it is open.
      let outcome = view.handle(event, viewSize: viewSize, imageSize: creative.uploaded?.pixelSize)
      action = .inAppView(ad, view)
      changes.changed()
      switch outcome {
      case .none, .toggleMute, .resumeVideo: break  // the landing page plays no video
      case .close: finishAction()
      case .openLanding(let url):
        trace.emit(.ctaClicked, ["id": .string(ad.id), "url": .string(url)])
        open(url)
      }
      return true
    }
    // A banner that placement keeps away is not there for input at all, even while sliding out.
    guard isAllowed else { return false }
    switch event {
    case .pointerDown(let point) where banner.isOnScreen && frame.contains(point):
      pressed = banner.isClickable
      return true
    case .pointerUp(let point) where pressed:
      pressed = false
      if banner.isClickable && frame.contains(point) { click() }
      return true
    case .pointerUp(let point) where banner.isOnScreen && frame.contains(point):
      return true
    default:
      return false
    }
  }

  func click() {
    guard let ad = currentAd, activeAction == nil else { return }
    switch clickGate.verdict(at: time) {
    case .allowed: break
    case .coolingDown: return
    case .refused(let reason):
      trace.emit(.bannerClickRefused, ["id": .string(ad.id), "reason": .string(reason)])
      return
    }
    tracker.recordBeacon(.click, of: ad)
    trace.emit(.bannerClicked, ["id": .string(ad.id)])
    delegate.bannerDidRecordClick(ad)
    let willLeave = ad.action.willLeaveApplication
    guard delegate.bannerActionShouldBegin(ad, willLeaveApplication: willLeave) else { return }
    clickGate.actionBegan(at: time)
    switch ad.action {
    case .inApp: action = .inAppView(ad, AdView(creative: ad, strings: strings))
    case .openURL: action = .leaving(ad)
    }
    changes.changed()
    trace.emit(.actionBegan, ["id": .string(ad.id), "willLeave": .bool(willLeave)])
    if case .openURL(let url) = ad.action {
      open(url)
      finishAction()
    }
  }

  func open(_ url: String) {
    if links.open(url, at: time) { changes.changed() }
  }

  func finishAction() {
    guard let ad = activeAction else { return }
    action = .idle
    changes.changed()
    trace.emit(.actionFinished, ["id": .string(ad.id)])
    delegate.bannerActionDidFinish(ad)
  }
}
