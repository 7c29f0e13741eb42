import IntermissionAds
import IntermissionCore

extension FullscreenPresenter {

  /// Handles input while a full-screen ad is open: all of it (the view is modal).
  /// - Returns: whether the presenter took the event.
  func handle(_ event: InputEvent, viewSize: Size) -> Bool {
    guard let show else { return false }
    let outcome = show.view.handle(event, viewSize: viewSize, imageSize: show.image.uploaded?.pixelSize)
    changes.changed()
    switch outcome {
    case .none:
      break
    case .openLanding(let url):
      // Clicks count after the impression: the order of events stays the promised one.
      guard show.video?.isStarted ?? show.tracker.viewability.isCounted else { break }
      show.tracker.recordBeacon(.click, of: show.ad)
      emit(self.event(.clicked, of: show), [("url", .string(url))])
      links.open(url, at: time)
      noteVideoClicked(show)
    case .toggleMute:
      toggleVideoSound(show)
    case .resumeVideo:
      resumeVideoAfterClick()
    case .close:
      close(show)
    }
    return true
  }

  /// The player closes `show`: its state says what follows.
  func close(_ show: FullscreenShow) {
    perform(show.state.close(format: show.ad.format, countdownOver: show.isCountdownOver), of: show)
  }

  /// Carries out the steps of a transition of `show`'s state, in order.
  func perform(_ steps: [FullscreenShowState.Step], of show: FullscreenShow) {
    for step in steps {
      switch step {
      case .shown:
        show.tracker.noteShown(show.ad)
        emit(event(.shown, of: show))
        if let video = show.video { startVideo(show, video) }
      case .earn:
        earn(show)
      case .refuseClose:
        trace.emit(.fullscreenCloseRefused, fields: context(of: show) + [("remaining", .seconds(show.remaining))])
      case .askBeforeClosing:
        trace.emit(.rewardedCloseAsked, fields: context(of: show))
        _ = show.refreshLabels()
      case .closing:
        noteVideoClosed(show)
      case .forfeit:
        emit(event(.forfeited, of: show))
      case .deliver(let reward):
        deliver(reward, of: show)
      case .dismiss:
        dismiss(show, failure: nil)
      }
    }
  }

  func dismiss(_ show: FullscreenShow, failure: String?) {
    show.state.end()
    self.show = nil
    endVideo(of: show)
    show.image.handOver(to: &retiredImage)
    retiredImage.clear()
    changes.changed()
    if let failure {
      var failed = event(.failed, of: show)
      failed.reason = failure
      emit(failed)
    } else {
      _ = show.tracker.update(at: time, ad: show.ad, obstruction: .dismissed)
      emit(event(.dismissed, of: show))
    }
    holds.releaseFullscreen()
  }
}
