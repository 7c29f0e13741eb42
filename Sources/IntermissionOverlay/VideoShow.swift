import IntermissionAds
import IntermissionCore
import IntermissionVAST
import IntermissionVideo

/// The video of one full-screen show: its playback (`VideoPlayer`: decoding, playhead, sound,
/// pauses, mute), which of its VAST trackers are due, how long it was viewable, and how it ended.
/// The presenter drives it on the game's thread and turns what it reports into events and
/// beacons.
final class VideoShow {
  /// Why a video is paused.
  typealias Pause = VideoPlayer.Pause
  /// Whether the video's first picture is decoded: the show presents it (and counts its
  /// impression) only then; a file that fails before it is a failed show, with nothing counted.
  typealias Opening = VideoPlayer.Opening

  let video: VideoCreative
  /// When each tracker fires.
  var schedule: VASTTrackingSchedule
  /// Its playback.
  let player: VideoPlayer
  /// Seconds it was viewable without a break (MRC video: 2 continuous seconds).
  private(set) var viewableTime = 0.0
  /// The pixels it is drawn at, as last told to the decoder.
  var drawnSize: (width: Int, height: Int)?

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
    schedule = VASTTrackingSchedule(trackers: video.ad.trackers, duration: video.duration)
    let device = video.hasAudio ? sound?.openDevice(rate: 48_000, channels: 2) : nil
    let sizes = VideoShow.sizes(of: video, in: view)
    drawnSize = sizes.drawn
    let frames = VideoShow.decoding(
      video, audioChannels: device == nil ? 0 : 2, outputSize: sizes.output, prerolled: prerolled)
    player = VideoPlayer(frames: frames, device: device, followsHostClock: followsHostClock)
  }

  /// Its decoding (`VideoShow+DrawnSize` asks it for the drawn size).
  var frames: VideoFrameQueue { player.frames }
  /// Seconds of the video played.
  var playhead: Double { player.playhead }
  /// Whether its first frame was presented.
  var isStarted: Bool { player.isStarted }
  /// Whether it played to its end.
  var isCompleted: Bool { player.isCompleted }
  /// Whether the playhead moves.
  var isPlaying: Bool { player.isPlaying }
  /// Why it is paused, if it is.
  var pause: Pause? { player.pause }
  /// Whether its sound is off.
  var isMuted: Bool { player.isMuted }
  /// Where in the video the sound heard now is, by the audio device's clock; nil without a device.
  var heardTime: Double? { player.heardTime }
  /// Whether the picture changes in the next draw.
  var hasNewFrame: Bool { player.hasNewFrame }
  /// Whether the picture lags the playhead by more than `VideoPlayer.freezeLimit` while playing.
  var hasFrozen: Bool { player.hasFrozen }
  /// Why decoding failed, if it did.
  var failure: String? { player.failure }
  /// Whether its decoding thread is still alive (stopped, it ends and is joined off the loop).
  var isDecoding: Bool { player.isDecoding }

  /// Whether the first picture is decoded at host time `time` (`VideoPlayer.opening(at:)`).
  func opening(at time: Double) -> Opening { player.opening(at: time) }

  /// The first frame was presented: the playhead starts.
  func start(at time: Double) { player.start(at: time) }

  /// Moves the playhead to host time `time`, and queues the sound decoded since the last step.
  /// - Returns: the quartiles passed now and the trackers due with them.
  func advance(to time: Double) -> (milestones: [VASTTrackingSchedule.Milestone], due: [VASTTrackingEvent]) {
    let step = player.advance(to: time)
    guard player.isPlaying else { return ([], []) }
    viewableTime += step
    return schedule.advance(to: min(player.playhead, video.duration))
  }

  /// The frame to upload now, and its time in the video, when a new one is due.
  func frameDue() -> (image: YUVImage, time: Double)? { player.frameDue() }

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
    guard player.isPlaying else { return nil }
    let playhead = player.playhead
    let atLimit = playhead >= video.playLimit - 1e-9
    guard atLimit || player.isAtEnd(frameRate: video.frameRate) else { return nil }
    guard atLimit || playhead >= video.duration - 1 / max(1, video.frameRate) - 1e-9 else { return .cutShort }
    // A playhead that leapt (a stalled loop) passes its last quartiles in the next steps first.
    return schedule.passedQuartileCount == 3 ? .completed : nil
  }

  /// The video played to its end (`ending` is `.completed`): every quartile was passed already.
  /// - Returns: the `complete` trackers.
  func complete() -> [VASTTrackingEvent] {
    player.complete()
    return schedule.take(.complete)
  }

  /// Pauses for `reason`, which breaks its viewable time; false when it is paused already or not
  /// playing.
  func pause(_ reason: Pause) -> Bool {
    guard player.pause(reason) else { return false }
    viewableTime = 0
    return true
  }

  /// Plays on after a pause for `reason`; false when it is not paused for that.
  func resume(_ reason: Pause) -> Bool { player.resume(reason) }

  /// Turns the sound off or on.
  func setMuted(_ muted: Bool) { player.setMuted(muted) }

  /// Waits, at most `timeout` seconds, until its decoding thread has returned (after `stop()`).
  func waitForDecoderEnd(timeout: Double) { player.waitForDecoderEnd(timeout: timeout) }

  /// Stops decoding and closes the sound device: the show is over.
  func stop() { player.stop() }
}
