import IntermissionCore
import IntermissionVAST
import IntermissionVideo

/// Makes a full-screen video ad ready on a loader's worker: its VAST document read and its wrappers
/// resolved, its media file chosen and brought to disk, and the file probed, with only its first
/// frame decoded (the ad's poster, uploaded like an image; once the ad is ready, the presenter
/// prerolls its video, `VideoShow.preroll`). A failure is the
/// VAST error that the ad's Error URLs hear.
package struct VideoAdPreparation: Sendable {
  /// Brings the chosen media file's URL (as the VAST document gives it) to a local file.
  /// - Returns: the file's path, and the pin that keeps it in its cache while the ad is ready or
  ///   showing (nil for a file no cache evicts).
  /// - Throws: `VASTError`: 401 for a file not found, 402 for one not there in time, 403 for one too
  ///   large.
  package typealias MediaLocator = @Sendable (_ url: String) throws(VASTError) -> (path: String, pin: MediaPin?)

  /// Fetches wrappers' ad tags.
  package var fetch: VASTResolver.Fetch
  /// Brings media files to disk.
  package var locateMedia: MediaLocator
  /// The view's width in pixels, which chooses the media file.
  package var viewWidth: Int
  /// The longest video accepted, in seconds; nil takes the format's default
  /// (`VideoCreative.defaultMaximumDuration(of:)`).
  package var maximumDuration: Double?

  /// Creates a preparation.
  package init(
    fetch: @escaping VASTResolver.Fetch, locateMedia: @escaping MediaLocator, viewWidth: Int = 1280,
    maximumDuration: Double? = nil
  ) {
    self.fetch = fetch
    self.locateMedia = locateMedia
    self.viewWidth = viewWidth
    self.maximumDuration = maximumDuration
  }

  /// `creative` (an interstitial or a rewarded ad) playing the VAST document `bytes`, loaded and
  /// probed.
  package func load(_ creative: AdCreative, vast bytes: [UInt8]) -> Result<LoadedAd, AdError> {
    var errorURLs: [String] = []
    func failure(_ error: VASTError) -> Result<LoadedAd, AdError> {
      .failure(.vastFailed(id: creative.id, code: error.code.rawValue, reason: error.reason, errorURLs: errorURLs))
    }
    let document: VASTDocument
    do {
      document = try VASTDocument.read(bytes)
    } catch {
      return failure(error)
    }
    errorURLs = document.errorURLs
    let resolved: VASTResolvedAd
    switch VASTResolver(fetch: fetch).resolve(document) {
    case .success(let ad): resolved = ad
    case .failure(let failed):
      errorURLs = failed.errorURLs
      return failure(failed.error)
    }
    errorURLs = resolved.trackers.errors
    let longest = maximumDuration ?? VideoCreative.defaultMaximumDuration(of: creative.format)
    do throws(VASTError) {
      let playable = try VASTPlayableAd(
        resolved, playableTypes: MediaDecoder.playableTypes, viewWidth: viewWidth, maxDuration: longest)
      let (path, pin) = try locateMedia(playable.mediaFile.url)
      var (video, poster) = try probe(path, ad: playable, maximumDuration: longest)
      video.mediaPin = pin
      var ready = creative
      ready.video = video
      ready.title = creative.title.isEmpty ? playable.inline.title : creative.title
      // The end card's call to action leads where the video's click does, unless the entry says.
      if ready.landingURL == nil { ready.landingURL = video.clickThrough }
      if creative.format == .rewarded {
        ready.countdown = video.duration
      } else if let skip = video.skipOffset {
        ready.countdown = skip
      }
      return .success(LoadedAd(creative: ready, image: poster))
    } catch {
      return failure(error)
    }
  }

  /// The video at `path` probed, and its first frame.
  private func probe(_ path: String, ad: VASTPlayableAd, maximumDuration: Double) throws(VASTError)
    -> (VideoCreative, YUVImage)
  {
    let decoder: MediaDecoder
    do {
      decoder = try MediaDecoder(path: path)
    } catch {
      throw VASTError(
        error.isTooLarge ? .noSupportedMedia : .problemDisplaying, "the media file: \(error.description)")
    }
    let info = decoder.info
    guard info.duration <= maximumDuration + 0.5 else {
      throw VASTError(.unexpectedDuration, "the video lasts \(info.duration) s, more than \(maximumDuration) s")
    }
    // The promise is the VAST `Duration` (VASTPlayableAd requires one); the container's claim only
    // refuses a file too long for the placement.
    let duration = ad.linear.duration ?? info.duration
    // Only the first frame is decoded here: the rest waits for the preroll and the show.
    for _ in 0..<256 {
      let next: MediaDecoder.Frame
      do {
        next = try decoder.next()
      } catch {
        throw VASTError(.problemDisplaying, "the media file does not decode: \(error.description)")
      }
      switch next {
      case .video(let frame):
        let video = VideoCreative(
          ad: ad, mediaPath: path, duration: duration, playLimit: min(duration + 1, maximumDuration),
          frameRate: info.frameRate > 0 ? info.frameRate : 30,
          hasAudio: info.hasAudio, width: info.width, height: info.height)
        return (video, frame.image)
      case .audio: continue
      case .end: break
      }
      break
    }
    throw VASTError(.problemDisplaying, "the media file has no picture that decodes")
  }
}
