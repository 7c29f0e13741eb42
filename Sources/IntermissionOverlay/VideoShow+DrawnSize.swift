import IntermissionAds
import IntermissionCore
import IntermissionVAST

/// The size a video is drawn at, which its decoder scales its pictures to.
extension VideoShow {
  /// The view (`size` points, `pixelsPerPoint`) draws the video: the worker scales the next frames
  /// to the pixels it is drawn at, so that the loop copies them one to one (no frame is scaled on
  /// the game's thread).
  func noteDrawn(in size: Size, pixelsPerPoint: Double) {
    guard let drawn = VideoShow.drawnPixels(of: video, in: size, pixelsPerPoint: pixelsPerPoint),
      drawnSize.map({ $0 != drawn }) ?? true
    else { return }
    drawnSize = drawn
    frames.requestOutputSize(VideoShow.outputSize(of: video, drawnAt: drawn))
  }

  /// The pixels `video` is drawn at in `view` (its size in points and pixel density; nil when not
  /// known), and the size its decoder is asked for to draw it there (nil: the video's own).
  static func sizes(of video: VideoCreative, in view: (size: Size, pixelsPerPoint: Double)?) -> (
    drawn: (width: Int, height: Int)?, output: (width: Int, height: Int)?
  ) {
    let drawn = view.flatMap { VideoShow.drawnPixels(of: video, in: $0.size, pixelsPerPoint: $0.pixelsPerPoint) }
    return (drawn, drawn.flatMap { VideoShow.outputSize(of: video, drawnAt: $0) })
  }

  /// The pixels `video` is drawn at in a view of `size` points: even, nil below 2 x 2.
  static func drawnPixels(of video: VideoCreative, in size: Size, pixelsPerPoint: Double) -> (width: Int, height: Int)?
  {
    let drawn = AdView.videoFrame(in: size, videoSize: Size(width: Double(video.width), height: Double(video.height)))
    let pixels = (
      width: Int((drawn.width * pixelsPerPoint).rounded()) & ~1,
      height: Int((drawn.height * pixelsPerPoint).rounded()) & ~1
    )
    return pixels.width >= 2 && pixels.height >= 2 ? pixels : nil
  }

  /// The size the decoder is asked for to draw `video` at `drawn`: nil, its own, when they are the
  /// same.
  static func outputSize(of video: VideoCreative, drawnAt drawn: (width: Int, height: Int)) -> (
    width: Int, height: Int
  )? {
    drawn.width == video.width && drawn.height == video.height ? nil : drawn
  }
}
