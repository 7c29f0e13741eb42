import IntermissionAds
import IntermissionCore
import IntermissionVideo

/// A ready video ad's decoding, started ahead of its show.
extension VideoShow {
  /// Opens `video`'s file on a worker and decodes it up to its first picture, at the size a view
  /// (`view`) draws it, then rests: what a ready video ad holds, so that its show presents its first
  /// frame at once. `sound` decides whether its sound is decoded, as the show's device will.
  static func preroll(
    _ video: VideoCreative, sound: (any VideoSoundOutput)?, view: (size: Size, pixelsPerPoint: Double)?
  ) -> VideoFrameQueue {
    VideoFrameQueue(
      opening: video.mediaPath, audioChannels: prerollChannels(of: video, sound: sound),
      outputSize: sizes(of: video, in: view).output, prerolls: true)
  }

  /// The sound channels a show of `video` decodes with `sound`: 2, or 0 without a sound output or
  /// without sound in the file.
  static func prerollChannels(of video: VideoCreative, sound: (any VideoSoundOutput)?) -> Int {
    video.hasAudio && sound != nil ? 2 : 0
  }

  /// The decoding a show plays: `prerolled` when it can (made for the same sound, not stopped, not
  /// failed), told the size the show draws at and let go on; else `video`'s file opened again,
  /// as a show without a preroll does.
  static func decoding(
    _ video: VideoCreative, audioChannels: Int, outputSize: (width: Int, height: Int)?, prerolled: VideoFrameQueue?
  ) -> VideoFrameQueue {
    if let prerolled, prerolled.audioChannels == audioChannels, !prerolled.isStopped, prerolled.failure == nil {
      // The size before the go: the worker decodes its next picture at the size drawn now (the
      // view may have changed since the preroll; only its first picture is then scaled).
      prerolled.requestOutputSize(outputSize)
      prerolled.play()
      return prerolled
    }
    prerolled?.stop()
    return VideoFrameQueue(opening: video.mediaPath, audioChannels: audioChannels, outputSize: outputSize)
  }
}
