import IntermissionAds
import IntermissionCore
import IntermissionVAST
import IntermissionVideo

/// The video of one full-screen show: its decoding on a worker, its playhead, its sound on a device
/// of its own, its pauses and its mute, and which of its trackers are due. The presenter drives it
/// on the game's thread and turns what it reports into events and beacons.
///
/// The playhead moves only while the video plays (presented, not paused, not over). On the real
/// clock the audio device is the master: the playhead is what the device has played, and late
/// frames are dropped. When it follows the host's clock (a fixed-step or headless run), the
/// playhead is the time the host advanced, and every frame up to it is decoded first, so that the
/// same steps give the same frames and the same trackers in every run.
final class VideoShow {
  /// Why a video is paused.
  enum Pause: String {
    /// The window is hidden or minimised.
    case window
    /// Its click-through opened the browser.
    case click
  }

  let video: VideoCreative
  /// When each tracker fires.
  var schedule: VASTTrackingSchedule
  /// Seconds of the video played.
  private(set) var playhead = 0.0
  /// Whether its first frame was presented.
  private(set) var isStarted = false
  /// Whether it played to its end.
  private(set) var isCompleted = false
  /// Why it is paused, if it is.
  private(set) var pause: Pause?
  /// Whether its sound is off.
  private(set) var isMuted = false
  /// Seconds it was viewable without a break (MRC video: 2 continuous seconds).
  private(set) var viewableTime = 0.0

  private let followsHostClock: Bool
  /// Its decoding (`VideoShow+DrawnSize` asks it for the drawn size).
  let frames: VideoFrameQueue
  private var device: (any VideoSoundDevice)?
  private var soundStart: Double?
  private var lastTime: Double?
  private var silence: [Float] = []
  /// The sound taken from the decoder in this step (its buffer swapped with the decoder's).
  private var sound: [AudioChunk] = []
  private var stalledTime = 0.0
  /// The pixels it is drawn at, as last told to the decoder.
  var drawnSize: (width: Int, height: Int)?
  /// The host time its first picture was first found pending, on a real-time loop.
  private var pendingSince: Double?
  /// The image each frame is handed to the canvas in.
  private var picture: YUVImage?
  /// How long the audio clock may stand still while the video plays before the device is dropped.
  static let deviceStallLimit = 0.5

  /// Plays `video`, its sound on a device of `sound`'s: on its `prerolled` decoding when it can
  /// (`VideoShow+Preroll`), else decoding starts now, on a worker.
  /// - Parameters:
  ///   - view: the size and pixel density of the view it will be drawn in, if known: its pictures
  ///     are decoded at the size drawn from the first, so that none is scaled as it is drawn (a
  ///     GPU's scaled YUV drawing, compiled and run only for the first frames, stalled them).
  ///   - prerolled: the ready ad's decoding, its first picture decoded ahead of the show
  ///     (`preroll(_:sound:view:)`).
  init(
    video: VideoCreative, sound: (any VideoSoundOutput)?, followsHostClock: Bool,
    view: (size: Size, pixelsPerPoint: Double)? = nil, prerolled: VideoFrameQueue? = nil
  ) {
    self.video = video
    self.followsHostClock = followsHostClock
    schedule = VASTTrackingSchedule(trackers: video.ad.trackers, duration: video.duration)
    device = video.hasAudio ? sound?.openDevice(rate: 48_000, channels: 2) : nil
    let sizes = VideoShow.sizes(of: video, in: view)
    drawnSize = sizes.drawn
    frames = VideoShow.decoding(
      video, audioChannels: device == nil ? 0 : 2, outputSize: sizes.output, prerolled: prerolled)
  }

  deinit { stop() }

  /// Whether the playhead moves.
  var isPlaying: Bool { isStarted && !isCompleted && pause == nil }

  /// Why decoding failed, if it did.
  var failure: String? { frames.failure }

  /// Whether the video's first picture is decoded: the show presents it (and counts its impression)
  /// only then; a file that fails before it is a failed show, with nothing counted.
  enum Opening: Equatable {
    /// The first picture is decoded.
    case ready
    /// Not yet (a real-time loop does not wait for it).
    case pending
    /// The file failed before its first picture, for this reason.
    case failed(String)
  }

  /// Whether the first picture is decoded at host time `time`; on the host's clock (a
  /// deterministic run, which waits for every frame anyway) it is waited for. A real-time loop
  /// never waits: it asks again at each frame, and the show fails once the first picture has been
  /// pending for `firstPictureLimit` seconds of host time (a decoder that never yields one, such
  /// as a file that blocks as it is read).
  func opening(at time: Double) -> Opening {
    if frames.waitForFirstFrame(timeout: followsHostClock ? VideoShow.openingLimit : 0) { return .ready }
    if let failure = frames.failure { return .failed(failure) }
    if frames.isFinished { return .failed("the media file has no picture") }
    if frames.isWaitingForPlayhead {
      return .failed("no picture in the first \(Int(VideoFrameQueue.soundAhead)) s of sound")
    }
    if followsHostClock { return .failed("no picture in \(Int(VideoShow.openingLimit)) s") }
    let since = pendingSince ?? time
    pendingSince = since
    guard time - since < VideoShow.firstPictureLimit - 1e-9 else {
      return .failed("no picture in \(Int(VideoShow.firstPictureLimit)) s")
    }
    return .pending
  }

  /// The longest a deterministic run waits for a video's first picture, in seconds.
  static let openingLimit = 30.0
  /// The longest a real-time show waits for its first picture, in seconds of host time: as long
  /// as a playing video may go without a new picture (`FullscreenPresenter.freezeLimit`).
  static let firstPictureLimit = FullscreenPresenter.freezeLimit

  /// The first frame was presented: the playhead starts.
  func start(at time: Double) {
    isStarted = true
    lastTime = time
    device?.setPaused(false)
  }

  /// Moves the playhead to host time `time`, and queues the sound decoded since the last step.
  /// - Returns: the quartiles passed now and the trackers due with them.
  func advance(to time: Double) -> (milestones: [VASTTrackingSchedule.Milestone], due: [VASTTrackingEvent]) {
    let step = max(0, time - (lastTime ?? time))
    lastTime = time
    queueSound()
    guard isPlaying else { return ([], []) }
    if let device, !followsHostClock, let soundStart, device.queuedSeconds > 0 {
      let heard = soundStart + device.playedSeconds
      stalledTime = heard > playhead ? 0 : stalledTime + step
      playhead = max(playhead, heard)
      if stalledTime > VideoShow.deviceStallLimit {
        // A device that plays nothing (a dummy driver, a stuck server): the host's clock instead.
        device.close()
        self.device = nil
      }
    } else {
      // No sound (or none queued: before it decodes, or after it ends): the host's clock.
      playhead += step
    }
    viewableTime += step
    return schedule.advance(to: min(playhead, video.duration))
  }

  /// The frame to upload now, and its time in the video, when a new one is due: the same image
  /// each time, wrapping the frame's planes (nothing allocated), whose planes the caller drops
  /// once uploaded.
  func frameDue() -> (image: YUVImage, time: Double)? {
    guard isPlaying || !isStarted else { return nil }
    guard let frame = frames.advance(to: playhead, waitsForDecoding: followsHostClock) else { return nil }
    guard let picture else {
      let first = frame.image
      picture = first
      return (first, frame.time)
    }
    picture.show(width: frame.width, height: frame.height, planes: frame.planes)
    return (picture, frame.time)
  }

  /// Where in the video the sound heard now is, by the audio device's clock; nil without a device.
  var heardTime: Double? {
    guard let device, let soundStart else { return nil }
    return soundStart + device.playedSeconds
  }

  /// Whether the picture changes in the next draw: a new frame is due (always, when every frame
  /// is waited for: the host's clock decides).
  var hasNewFrame: Bool { followsHostClock || frames.hasFrameDue(at: playhead) }

  /// How a playing video ended.
  enum Ending: Equatable {
    /// Its playhead reached what its VAST `Duration` promised, within one frame, and every
    /// quartile was passed: it completed.
    case completed
    /// Its file ended at `playhead` seconds, more than a frame short of the promise: error 405.
    case cutShort
  }

  /// How the video ended, now that it did; nil while it plays on (or is not playing). A file that
  /// plays on past `video.playLimit` is cut there.
  var ending: Ending? {
    guard isPlaying else { return nil }
    let atLimit = playhead >= video.playLimit - 1e-9
    guard atLimit || isAtEnd else { return nil }
    guard atLimit || playhead >= video.duration - 1 / max(1, video.frameRate) - 1e-9 else { return .cutShort }
    // A playhead that leapt (a stalled loop) passes its last quartiles in the next steps first.
    return schedule.passedQuartileCount == 3 ? .completed : nil
  }

  /// Whether the last frame was shown for its time: the file is over.
  var isAtEnd: Bool {
    guard frames.isFinished, let last = frames.shownFrame else { return false }
    return playhead >= last.time + 1 / max(1, video.frameRate) - 1e-9
  }

  /// Whether the picture lags the playhead by more than `seconds` while playing: the video froze.
  func hasFrozen(for seconds: Double) -> Bool {
    guard isPlaying, !frames.isFinished, !followsHostClock else { return false }
    return playhead - (frames.shownFrame?.time ?? 0) > seconds
  }

  /// The video played to its end (`ending` is `.completed`): every quartile was passed already.
  /// - Returns: the `complete` trackers.
  func complete() -> [VASTTrackingEvent] {
    isCompleted = true
    device?.setPaused(true)
    return schedule.take(.complete)
  }

  /// Pauses for `reason`; false when it is paused already or not playing.
  func pause(_ reason: Pause) -> Bool {
    guard isPlaying else { return false }
    pause = reason
    viewableTime = 0
    device?.setPaused(true)
    return true
  }

  /// Plays on after a pause for `reason`; false when it is not paused for that.
  func resume(_ reason: Pause) -> Bool {
    guard pause == reason else { return false }
    pause = nil
    device?.setPaused(false)
    return true
  }

  /// Turns the sound off or on.
  func setMuted(_ muted: Bool) {
    isMuted = muted
    if muted { device?.silenceQueued() }
  }

  /// Stops decoding and closes the sound device: the show is over.
  /// Whether its decoding thread is still alive (stopped, it ends and is joined off the loop).
  var isDecoding: Bool { frames.isDecoding }

  /// Waits, at most `timeout` seconds, until its decoding thread has returned (after `stop()`).
  func waitForDecoderEnd(timeout: Double) { frames.waitForWorkerEnd(timeout: timeout) }

  func stop() {
    frames.stop()
    device?.close()
    device = nil
  }

  private func queueSound() {
    frames.takeSound(into: &sound)
    guard let device else { return }
    for chunk in sound {
      if soundStart == nil { soundStart = chunk.time }
      if isMuted {
        if silence.count != chunk.samples.count { silence = [Float](repeating: 0, count: chunk.samples.count) }
        device.queue(silence)
      } else {
        device.queue(chunk.samples)
      }
    }
  }
}
