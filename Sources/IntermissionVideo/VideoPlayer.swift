import IntermissionCore

/// The playback of one video: its decoding (a `VideoFrameQueue` on a worker), its playhead, its
/// sound on a device of its own, its pauses and its mute. Whoever shows it drives it on the
/// game's thread: `start`, then `advance` and `frameDue` at each frame.
///
/// The playhead moves only while the video plays (started, not paused, not over). On the real
/// clock the audio device is the master: the playhead is what the device has played, late frames
/// are dropped, and a device that stands still is dropped for the host's clock. When it follows
/// the host's clock (a fixed-step or headless run), the playhead is the time the host advanced,
/// and every frame up to it is decoded first, so that the same steps give the same frames.
package final class VideoPlayer {
  /// Why a video is paused.
  package enum Pause: String, Sendable {
    /// The window is hidden or minimised.
    case window
    /// Its click-through opened the browser.
    case click
  }

  /// Whether the first picture is decoded: a show presents it only then.
  package enum Opening: Equatable, Sendable {
    /// The first picture is decoded.
    case ready
    /// Not yet (a real-time loop does not wait for it).
    case pending
    /// The file failed before its first picture, for this reason.
    case failed(String)
  }

  /// Seconds of the video played.
  package private(set) var playhead = 0.0
  /// Whether its first frame was presented.
  package private(set) var isStarted = false
  /// Whether it played to its end.
  package private(set) var isCompleted = false
  /// Why it is paused, if it is.
  package private(set) var pause: Pause?
  /// Whether its sound is off.
  package private(set) var isMuted = false
  /// Its decoding.
  package let frames: VideoFrameQueue

  private let followsHostClock: Bool
  private var device: (any VideoSoundDevice)?
  private var soundStart: Double?
  private var lastTime: Double?
  private var silence: [Float] = []
  /// The sound taken from the decoder in this step (its buffer swapped with the decoder's).
  private var sound: [AudioChunk] = []
  private var stalledTime = 0.0
  /// The host time its first picture was first found pending, on a real-time loop.
  private var pendingSince: Double?
  /// The image each frame is handed to the canvas in.
  private var picture: YUVImage?

  /// How long the audio clock may stand still while the video plays before the device is dropped.
  package static let deviceStallLimit = 0.5
  /// The longest a playing video may go without a new picture, and a real-time show may wait for
  /// its first, in seconds of host time.
  package static let freezeLimit = 5.0
  /// The longest a deterministic run waits for a video's first picture, in seconds.
  package static let openingLimit = 30.0

  /// Plays the decoding `frames`, its sound on `device` (nil: silent, on the host's clock).
  package init(frames: VideoFrameQueue, device: (any VideoSoundDevice)?, followsHostClock: Bool) {
    self.frames = frames
    self.device = device
    self.followsHostClock = followsHostClock
  }

  deinit { stop() }

  /// Whether the playhead moves.
  package var isPlaying: Bool { isStarted && !isCompleted && pause == nil }

  /// Why decoding failed, if it did.
  package var failure: String? { frames.failure }

  /// Whether the first picture is decoded at host time `time`; on the host's clock (a
  /// deterministic run, which waits for every frame anyway) it is waited for. A real-time loop
  /// never waits: it asks again at each frame, and the opening fails once the first picture has
  /// been pending for `freezeLimit` seconds of host time (a decoder that never yields one, such as
  /// a file that blocks as it is read).
  package func opening(at time: Double) -> Opening {
    if frames.waitForFirstFrame(timeout: followsHostClock ? VideoPlayer.openingLimit : 0) { return .ready }
    if let failure = frames.failure { return .failed(failure) }
    if frames.isFinished { return .failed("the media file has no picture") }
    if frames.isWaitingForPlayhead {
      return .failed("no picture in the first \(Int(VideoFrameQueue.soundAhead)) s of sound")
    }
    if followsHostClock { return .failed("no picture in \(Int(VideoPlayer.openingLimit)) s") }
    let since = pendingSince ?? time
    pendingSince = since
    guard time - since < VideoPlayer.freezeLimit - 1e-9 else {
      return .failed("no picture in \(Int(VideoPlayer.freezeLimit)) s")
    }
    return .pending
  }

  /// The first frame was presented: the playhead starts.
  package func start(at time: Double) {
    isStarted = true
    lastTime = time
    device?.setPaused(false)
  }

  /// Moves the playhead to host time `time`, and queues the sound decoded since the last step.
  /// - Returns: the seconds the playhead was free to move (0 while it does not play).
  package func advance(to time: Double) -> Double {
    let step = max(0, time - (lastTime ?? time))
    lastTime = time
    queueSound()
    guard isPlaying else { return 0 }
    if let device, !followsHostClock, let soundStart, device.queuedSeconds > 0 {
      let heard = soundStart + device.playedSeconds
      stalledTime = heard > playhead ? 0 : stalledTime + step
      playhead = max(playhead, heard)
      if stalledTime > VideoPlayer.deviceStallLimit {
        // A device that plays nothing (a dummy driver, a stuck server): the host's clock instead.
        device.close()
        self.device = nil
      }
    } else {
      // No sound (or none queued: before it decodes, or after it ends): the host's clock.
      playhead += step
    }
    return step
  }

  /// The frame to upload now, and its time in the video, when a new one is due: the same image
  /// each time, wrapping the frame's planes (nothing allocated), whose planes the caller drops
  /// once uploaded.
  package func frameDue() -> (image: YUVImage, time: Double)? {
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
  package var heardTime: Double? {
    guard let device, let soundStart else { return nil }
    return soundStart + device.playedSeconds
  }

  /// Whether the picture changes in the next draw: a new frame is due (always, when every frame
  /// is waited for: the host's clock decides).
  package var hasNewFrame: Bool { followsHostClock || frames.hasFrameDue(at: playhead) }

  /// Whether the last frame was shown for its time, one frame at `frameRate`: the file is over.
  package func isAtEnd(frameRate: Double) -> Bool {
    guard frames.isFinished, let last = frames.shownFrame else { return false }
    return playhead >= last.time + 1 / max(1, frameRate) - 1e-9
  }

  /// Whether the picture lags the playhead by more than `freezeLimit` seconds while playing on the
  /// real clock: the video froze.
  package var hasFrozen: Bool {
    guard isPlaying, !frames.isFinished, !followsHostClock else { return false }
    return playhead - (frames.shownFrame?.time ?? 0) > VideoPlayer.freezeLimit
  }

  /// The video played to its end: the playhead stops, and so does the sound.
  package func complete() {
    isCompleted = true
    device?.setPaused(true)
  }

  /// Pauses for `reason`; false when it is paused already or not playing.
  package func pause(_ reason: Pause) -> Bool {
    guard isPlaying else { return false }
    pause = reason
    device?.setPaused(true)
    return true
  }

  /// Plays on after a pause for `reason`; false when it is not paused for that.
  package func resume(_ reason: Pause) -> Bool {
    guard pause == reason else { return false }
    pause = nil
    device?.setPaused(false)
    return true
  }

  /// Turns the sound off or on.
  package func setMuted(_ muted: Bool) {
    isMuted = muted
    if muted { device?.silenceQueued() }
  }

  /// Whether its decoding thread is still alive (stopped, it ends and is joined off the loop).
  package var isDecoding: Bool { frames.isDecoding }

  /// Waits, at most `timeout` seconds, until its decoding thread has returned (after `stop()`).
  package func waitForDecoderEnd(timeout: Double) { frames.waitForWorkerEnd(timeout: timeout) }

  /// Stops decoding and closes the sound device: the playback is over.
  package func stop() {
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
