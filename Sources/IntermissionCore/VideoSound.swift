/// Where a video ad's sound plays: an audio device of its own, opened for one show and closed at
/// its dismissal, whatever the game uses for its own sound. The SDL backend gives one
/// (`SDLVideoSound`); without it, or without a device, a video plays silent and on time.
package protocol VideoSoundOutput: AnyObject {
  /// Opens a device for interleaved 32-bit float samples at `rate` Hz and `channels` channels,
  /// paused; nil when no device can be opened (no sound card, `--no-audio`).
  func openDevice(rate: Int, channels: Int) -> (any VideoSoundDevice)?
}

/// An open audio device of one video show. Closing it (or its end) stops its sound at once.
package protocol VideoSoundDevice: AnyObject {
  /// Queues `samples` to play after everything queued before.
  func queue(_ samples: [Float])
  /// Seconds of the queued sound that the device has played: the show's audio clock.
  var playedSeconds: Double { get }
  /// Seconds queued and not played yet.
  var queuedSeconds: Double { get }
  /// Replaces the sound queued and not played yet with as much silence, so that muting is heard
  /// at once and the clock goes on as before.
  func silenceQueued()
  /// Stops or starts playing; the clock stops with it.
  func setPaused(_ paused: Bool)
  /// Closes the device. Calling it twice is fine.
  func close()
}
