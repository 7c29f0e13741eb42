import CFFmpeg
import IntermissionBasics
import IntermissionCore

/// A video file decoded by FFmpeg frame by frame, in the file's order, on the thread that calls it
/// (a player's worker, never the game's thread). It owns FFmpeg's state and frees it in `deinit`.
///
/// Only local files are opened, and only MP4 and Matroska/WebM: no protocol but `file`, so a
/// file cannot make FFmpeg fetch anything. Video comes out as I420 (4:2:0) planes, converted by
/// libswscale when the file is in another format; audio as interleaved 32-bit float samples at
/// the rate and channel count asked for, resampled by libswresample.
package final class MediaDecoder {
  /// The largest video decoded, in pixels: 3840 x 2160.
  package static let maximumSize = (width: 3840, height: 2160)

  /// What the file holds, probed when it opens.
  package struct Info: Hashable, Sendable {
    /// The video's size in pixels.
    package var width: Int
    /// The video's height in pixels.
    package var height: Int
    /// The file's duration in seconds; 0 when it does not say.
    package var duration: Double
    /// The video's average frame rate; 0 when unknown.
    package var frameRate: Double
    /// Whether its audio is decoded (there is an audio stream, and audio was asked for).
    package var hasAudio: Bool
    /// The demuxer's name, such as `mov,mp4,m4a,3gp,3g2,mj2` or `matroska,webm`.
    package var container: String
    /// The video codec's name (`h264`, `vp9`, ...).
    package var videoCodec: String
    /// The audio codec's name (`aac`, `opus`, ...), or "" without audio.
    package var audioCodec: String
  }

  /// Why a file was not opened or stopped decoding.
  package struct Failure: Error, Hashable, CustomStringConvertible {
    /// What was wrong.
    package let description: String
    /// Whether the file was refused for a picture larger than `maximumSize`.
    package var isTooLarge: Bool { description.hasPrefix("video of ") && description.containsText("(at most ") }
  }

  /// One decoded frame.
  package enum Frame: Sendable {
    /// A picture.
    case video(VideoFrame)
    /// Samples of sound.
    case audio(AudioChunk)
    /// Everything was decoded.
    case end
  }

  /// What the file holds.
  package let info: Info
  /// The rate its sound is converted to, in Hz.
  package let audioRate: Int
  let media: OpaquePointer
  /// The channels its sound is converted to (0: its sound is not decoded).
  package let audioChannels: Int

  /// Whether FFmpeg can be loaded here: nil when it can, else why not.
  package static var unavailableReason: String? {
    var error = [CChar](repeating: 0, count: 256)
    return intermission_media_available(&error, error.count) == 0 ? nil : String(nulTerminated: error)
  }

  /// The MIME types of video files this FFmpeg decodes: `video/mp4` with an H.264 and an AAC
  /// decoder, `video/webm` with a VP8 or VP9 and a Vorbis or Opus decoder. Empty when FFmpeg cannot
  /// be loaded. Asking loads FFmpeg.
  package static var playableTypes: Set<String> {
    func has(_ name: String) -> Bool { intermission_media_has_decoder(name) != 0 }
    var types: Set<String> = []
    if has("h264"), has("aac") { types.insert("video/mp4") }
    if has("vp8") || has("vp9"), has("vorbis") || has("opus") { types.insert("video/webm") }
    return types
  }

  /// Opens the video file at `path`, with its audio converted to `audioRate` Hz and
  /// `audioChannels` channels (0 decodes no audio).
  /// - Throws: `Failure` for a file FFmpeg does not read, one without video, one larger than
  ///   `maximumSize`, or an FFmpeg that cannot be loaded.
  package init(path: String, audioRate: Int = 48_000, audioChannels: Int = 2) throws(Failure) {
    var error = [CChar](repeating: 0, count: 256)
    var media: OpaquePointer?
    var info = intermission_media_info()
    let result = intermission_media_open(
      path, CInt(audioRate), CInt(audioChannels), CInt(MediaDecoder.maximumSize.width),
      CInt(MediaDecoder.maximumSize.height), &media, &info, &error, error.count)
    guard result == 0, let media else { throw Failure(description: String(nulTerminated: error)) }
    self.media = media
    self.audioRate = audioRate
    self.audioChannels = audioChannels
    self.info = Info(
      width: Int(info.width), height: Int(info.height), duration: info.duration, frameRate: info.frame_rate,
      hasAudio: info.has_audio != 0, container: MediaDecoder.text(info.container),
      videoCodec: MediaDecoder.text(info.video_codec), audioCodec: MediaDecoder.text(info.audio_codec))
  }

  deinit { intermission_media_close(media) }

  /// Makes the next pictures `width` x `height` pixels (even sizes; scaled by libswscale), or the
  /// video's own size with nil: the size the view draws it at, so that drawing copies it one to one.
  package func setOutputSize(_ size: (width: Int, height: Int)?) {
    intermission_media_set_output_size(media, CInt(size?.width ?? 0), CInt(size?.height ?? 0))
  }

  /// Decodes the next frame, copied out of FFmpeg's buffers. Packets that do not decode are
  /// skipped, as players do; a truncated file simply ends early.
  /// - Throws: `Failure` when the file keeps failing to decode.
  package func next() throws(Failure) -> Frame {
    var none: VideoFrame?
    return try next(reusing: &none)
  }

  /// As `next()`, copying a picture into `spare`'s planes when it is of their size (a frame the
  /// player is done with, so that a playing video allocates no new ones). `spare` is taken (set
  /// to nil) when the next frame is a picture, and left when it is sound.
  package func next(reusing spare: inout VideoFrame?) throws(Failure) -> Frame {
    var frame = intermission_media_frame()
    var error = [CChar](repeating: 0, count: 256)
    guard intermission_media_next(media, &frame, &error, error.count) == 0 else {
      throw Failure(description: String(nulTerminated: error))
    }
    switch Int(frame.kind) {
    case Int(INTERMISSION_MEDIA_VIDEO):
      guard var reused = spare else { return .video(VideoFrame(copying: frame)) }
      spare = nil
      reused.overwrite(with: frame)
      return .video(reused)
    case Int(INTERMISSION_MEDIA_AUDIO): return .audio(AudioChunk(copying: frame, channels: audioChannels))
    default: return .end
    }
  }

  private static func text<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
  }
}
