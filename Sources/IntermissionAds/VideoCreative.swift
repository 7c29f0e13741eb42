import IntermissionBasics
import IntermissionVAST

/// A full-screen video ad's video: the VAST ad it plays (with every tracker of its wrapper chain),
/// its media file on disk, and what probing that file found.
package struct VideoCreative: Hashable, Sendable {
  /// The VAST ad, its media file chosen.
  package var ad: VASTPlayableAd
  /// The media file's local path (a house ad's file, or a download in the HTTP cache).
  package var mediaPath: String
  /// The video's length in seconds, as its VAST `Duration` promises it: the quartiles, the
  /// countdown and the completion are of this length, whatever the file's container claims.
  package var duration: Double
  /// Where the play is cut, in seconds: a file that plays on past its `duration` (a container that
  /// claimed less than it holds) stops at the VAST `Duration` plus one second, and never later than
  /// the placement's longest video.
  package var playLimit: Double
  /// Its frames per second (30 when the file does not say).
  package var frameRate: Double
  /// Whether it has sound.
  package var hasAudio: Bool
  /// The picture's size in pixels.
  package var width: Int
  /// The picture's height in pixels.
  package var height: Int
  /// Keeps `mediaPath` in its cache while this ad is ready or showing (nil for a file that no cache
  /// evicts, such as a house ad's). Not part of the video's equality.
  package var mediaPin: MediaPin?

  /// Whether two videos are the same (their pins aside).
  package static func == (left: VideoCreative, right: VideoCreative) -> Bool {
    left.ad == right.ad && left.mediaPath == right.mediaPath && left.duration == right.duration
      && left.playLimit == right.playLimit && left.frameRate == right.frameRate && left.hasAudio == right.hasAudio
      && left.width == right.width && left.height == right.height
  }

  /// Hashes the video's ad, media file, duration and play limit.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(ad)
    hasher.combine(mediaPath)
    hasher.combine(duration)
    hasher.combine(playLimit)
  }

  /// The longest video accepted when a placement names no limit: 30 s for an interstitial, 60 s
  /// for a rewarded ad.
  package static func defaultMaximumDuration(of format: AdFormat) -> Double { format == .rewarded ? 60 : 30 }

  /// Seconds into the video after which an interstitial may be skipped (`Linear@skipoffset`); nil
  /// when the ad gives none.
  package var skipOffset: Double? { ad.linear.skipOffset.map { min(duration, $0.seconds(in: duration)) } }

  /// Where the clicked video leads (`VideoClicks/ClickThrough`), when it is a web URL.
  package var clickThrough: String? { ad.linear.clickThrough.flatMap { WebURL($0)?.description } }

  /// The macros of a tracker request at `playhead` seconds.
  package func macros(playhead: Double?, errorCode: VASTError.Code? = nil, timestamp: String, cacheBusting: String)
    -> VASTMacros
  {
    var macros = VASTMacros()
    macros.errorCode = errorCode
    macros.timestamp = timestamp
    macros.cacheBusting = cacheBusting
    macros.playhead = playhead
    macros.assetURI = ad.mediaFile.url
    macros.adServingID = ad.inline.adServingID
    return macros
  }
}
