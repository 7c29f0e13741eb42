import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionVAST
import IntermissionVideo

extension FullscreenPresenter {
  /// Seconds of continuous viewable play that make a video's viewable impression (MRC video).
  static let videoViewableDuration = 2.0

  /// The first frame is presented: the impression (the VAST definition of a video impression),
  /// then the playhead starts.
  func startVideo(_ show: FullscreenShow, _ video: VideoShow) {
    video.start(at: time)
    show.tracker.countImpression(of: show.ad, trackers: { fire(video.schedule.takeImpressions(), of: show) }) {
      emit(event(.impression, of: show))
    }
    fire(video.schedule.take(.creativeView).map(\.url) + video.schedule.take(.start).map(\.url), of: show)
    emit(event(.videoStarted, of: show))
  }

  /// Runs a presented video's step at the presenter's time: its pauses for the window, its
  /// playhead and trackers, its end, and its failures.
  func updateVideo(_ show: FullscreenShow, _ video: VideoShow) {
    let minimized = holds.isWindowMinimized
    if minimized, video.pause(.window) {
      fire(video.schedule.take(.pause).map(\.url), of: show)
      emitVideo(.videoPaused, of: show, reason: VideoShow.Pause.window.rawValue)
    } else if !minimized, video.resume(.window) {
      fire(video.schedule.take(.resume).map(\.url), of: show)
      emitVideo(.videoResumed, of: show, reason: VideoShow.Pause.window.rawValue)
    }
    let wasPlaying = video.isPlaying
    report(video.advance(to: time), of: show)
    if wasPlaying, video.viewableTime >= FullscreenPresenter.videoViewableDuration - 1e-9 {
      fire(video.schedule.takeViewability(viewable: true), of: show)
    }
    if let failure = video.failure {
      failVideo(show, VASTError(.problemDisplaying, "the video stopped decoding: \(failure)"))
      return
    }
    if video.hasFrozen {
      failVideo(show, VASTError(.problemDisplaying, "no picture for \(Int(VideoPlayer.freezeLimit)) s"))
      return
    }
    switch video.ending {
    case .cutShort:
      // A file cut short ends early: that is no completion, and earns nothing.
      let reached = (video.playhead * 10).rounded() / 10
      failVideo(show, VASTError(.problemDisplaying, "the video ended at \(reached) s of its \(video.video.duration) s"))
      return
    case .completed:
      // Recorded first (the `complete` trackers, then the reward), then told: a game that dies in
      // its handler of `video.completed` gets the reward at its next launch.
      fire(video.complete().map(\.url), of: show)
      perform(show.state.countdownCompleted(format: show.ad.format), of: show)
      emit(event(.videoCompleted, of: show))
      show.view.playingVideo = nil
    case nil:
      break
    }
    // A redraw when the picture changes: a 30 fps video presents 30 frames a second, not 60.
    if video.isPlaying ? video.hasNewFrame : wasPlaying { changes.changed() }
  }

  /// The quartiles passed and the trackers due, in playhead order.
  private func report(
    _ step: (milestones: [VASTTrackingSchedule.Milestone], due: [VASTTrackingEvent]), of show: FullscreenShow
  ) {
    for milestone in step.milestones {
      switch milestone {
      case .quartile(let number):
        var passed = event(.videoQuartile, of: show)
        passed.quartile = number
        emit(passed, [("quartile", .int(number))])
      }
    }
    fire(step.due.map(\.url), of: show)
  }

  /// The video failed after its first frame: `vast.error` (its Error URLs hear the code), and the
  /// show ends at once, with no reward unless it was earned already.
  func failVideo(_ show: FullscreenShow, _ error: VASTError) {
    var failed = event(.vastError, of: show)
    failed.code = error.code.rawValue
    failed.reason = error.reason
    emit(failed, [("code", .int(error.code.rawValue))])
    if let video = show.video { fire(video.video.ad.trackers.errors, of: show, errorCode: error.code) }
    perform(show.state.videoFailed(), of: show)
  }

  /// The player closes the video before its end: `skip` (and `closeLinear`) trackers and
  /// `video.skipped`. After its end, only `closeLinear`.
  func noteVideoClosed(_ show: FullscreenShow) {
    guard let video = show.video, video.isStarted else { return }
    if !video.isCompleted {
      fire(video.schedule.take(.skip).map(\.url), of: show)
      emit(event(.videoSkipped, of: show))
    }
    fire(video.schedule.take(.closeLinear).map(\.url), of: show)
  }

  /// The video's click-through opened: its ClickTracking URLs, and a pause until the window has
  /// the focus again (or the player clicks or presses a key in the view).
  func noteVideoClicked(_ show: FullscreenShow) {
    guard let video = show.video else { return }
    fire(video.schedule.clickTrackings, of: show)
    if video.pause(.click) {
      fire(video.schedule.take(.pause).map(\.url), of: show)
      emitVideo(.videoPaused, of: show, reason: VideoShow.Pause.click.rawValue)
    }
  }

  /// Plays on a video paused by its click-through.
  func resumeVideoAfterClick() {
    guard let show, let video = show.video, video.resume(.click) else { return }
    fire(video.schedule.take(.resume).map(\.url), of: show)
    emitVideo(.videoResumed, of: show, reason: VideoShow.Pause.click.rawValue)
    changes.changed()
  }

  /// Turns the video's sound off or on: `mute` or `unmute` trackers, `video.muted` or `video.unmuted`.
  func toggleVideoSound(_ show: FullscreenShow) {
    guard let video = show.video, video.isStarted, !video.isCompleted else { return }
    video.setMuted(!video.isMuted)
    fire(video.schedule.take(video.isMuted ? .mute : .unmute).map(\.url), of: show)
    emit(event(video.isMuted ? .videoMuted : .videoUnmuted, of: show))
  }

  /// The show ends: a video that was never viewable tells its `NotViewable` URLs; decoding stops
  /// and the sound device closes.
  func endVideo(of show: FullscreenShow) {
    guard let video = show.video else { return }
    if video.isStarted { fire(video.schedule.takeViewability(viewable: false), of: show) }
    video.stop()
  }

  /// What the view shows over a playing video.
  func playingState(of video: VideoShow) -> AdView.PlayingVideo? {
    guard !video.isCompleted else { return nil }
    return AdView.PlayingVideo(
      isMuted: video.video.hasAudio ? video.isMuted : nil, isPausedByClick: video.pause == .click)
  }

  private func emitVideo(_ kind: FullscreenEvent.Kind, of show: FullscreenShow, reason: String) {
    var paused = event(kind, of: show)
    paused.reason = reason
    emit(paused)
  }

  /// Stores each of `urls`, its macros filled, as a durable beacon (sent as it reads); a URL
  /// that is not http or https once filled is dropped, traced.
  func fire(_ urls: [String], of show: FullscreenShow, errorCode: VASTError.Code? = nil) {
    guard let video = show.video else { return }
    record(urls, adID: show.ad.id, lifetime: show.ad.beaconLifetime, into: show.tracker) { timestamp, digits in
      video.video.macros(playhead: video.playhead, errorCode: errorCode, timestamp: timestamp, cacheBusting: digits)
    }
  }

  /// A video ad that failed to load: its Error URLs hear `code`.
  func reportLoadFailure(id: String, code: Int, errorURLs: [String]) {
    let tracker = ImpressionTracker(trace: trace)
    tracker.beacons = beacons()
    record(errorURLs, adID: id, lifetime: AdCreative.defaultBeaconLifetime, into: tracker) { timestamp, digits in
      var macros = VASTMacros()
      macros.errorCode = VASTError.Code(rawValue: code) ?? .undefined
      macros.timestamp = timestamp
      macros.cacheBusting = digits
      return macros
    }
  }

  private func record(
    _ urls: [String], adID: String, lifetime: Double, into tracker: ImpressionTracker,
    macros: (_ timestamp: String, _ cacheBusting: String) -> VASTMacros
  ) {
    guard !urls.isEmpty else { return }
    var random = SystemRandomNumberGenerator()
    for url in urls {
      let digits = String(UInt32.random(in: 10_000_000...99_999_999, using: &random))
      let filled = macros(UTCTimestamp.extended(WallClock.now()), digits).substitute(url)
      guard let checked = WebURL(filled) else {
        trace.emit(
          .beaconDropped,
          fields: [
            ("kind", .string(Beacon.Kind.vast.rawValue)), ("id", .string(adID)),
            ("reason", .string("not an http or https URL")),
          ])
        continue
      }
      tracker.record(Beacon(kind: .vast, adID: adID, url: checked.description, lifetime: lifetime))
    }
  }
}
