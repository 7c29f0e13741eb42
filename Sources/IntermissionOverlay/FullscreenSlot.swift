import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionVideo

/// One full-screen format's preloaded ad: loaded in the background from the overlay's ad source
/// (that format's entries only), decoded off the loop and uploaded to the canvas at the next draw,
/// ahead of any show. A loaded ad expires (`AdOverlay.Configuration.fullscreenExpiry` after its
/// load); after a show, or a failure (retried with backoff), the next one loads.
final class FullscreenSlot {
  /// The format it preloads.
  let format: AdFormat
  private let loader: AdLoader
  private let configuration: AdOverlay.Configuration
  private let trace: Trace
  private var backoff: RetryBackoff
  private var failures = 0
  private var sequence = 0
  /// When the load under way is due, or nil when none is.
  private var dueTime: Double?
  /// When a failed load is retried; nil loads at the next update.
  private var retryTime: Double?
  /// The ad waiting for a show, and when it was loaded (host time). Its image is kept by `image`
  /// alone, and only until the canvas has it.
  private(set) var loaded: (creative: AdCreative, time: Double)?
  private(set) var image = CreativeImage()
  /// The loaded video ad's decoding, opened and rested at its first picture ahead of the show
  /// (`VideoShow.preroll`); stopped with the ad, handed to its show.
  private(set) var prerolledVideo: VideoFrameQueue?
  /// A creative whose upload failed: discarded at the next update, and loaded again.
  private var uploadFailed = false
  private var deferral = ConsentDeferral()
  /// Hears a video ad that failed to load, after its `vast.error` line: its id, its VAST error code
  /// and the Error URLs of its chain (the presenter stores their beacons).
  var onVASTFailure: ((_ id: String, _ code: Int, _ errorURLs: [String]) -> Void)?
  /// Whether loading rests: until the banner's manifest lists the format, or because the source
  /// has no ads of it (or loading is off). A manifest of banners only costs nothing and traces
  /// nothing. A show that finds nothing ready wakes it.
  private(set) var isDormant = true

  init(format: AdFormat, loader: AdLoader, configuration: AdOverlay.Configuration, trace: Trace) {
    self.format = format
    self.loader = loader
    self.configuration = configuration
    self.trace = trace
    // A fixed seed per format: a fixed-step run retries at the same times every run.
    backoff = configuration.jitterSeed.map { RetryBackoff(seed: $0 ^ (format == .rewarded ? 2 : 1)) } ?? RetryBackoff()
  }

  /// What the source reported with this slot's loads (`AdLoader.takeReports()`).
  func takeReports() -> [SourceReport] { loader.takeReports() }

  /// Whether the loaded ad's time is over at `time`.
  func isExpired(at time: Double) -> Bool {
    guard let loaded else { return false }
    return time - loaded.time >= min(configuration.fullscreenExpiry, loaded.creative.lifetime ?? .infinity)
  }

  /// Starts the next load when none is loaded or under way (unless `startsLoads` is false), and
  /// takes a due one, at `time`.
  func update(at time: Double, startsLoads: Bool = true) {
    if uploadFailed, let creative = loaded?.creative {
      uploadFailed = false
      discard()
      fail(.imageCorrupt(id: creative.id, path: creative.imagePath, reason: "the canvas refused it"), at: time)
    }
    if startsLoads, loaded == nil, dueTime == nil, !isDormant, time >= (retryTime ?? -.infinity),
      !deferral.defers(loader.source, format: format, trace: trace)
    {
      dueTime = time + configuration.latency
      retryTime = nil
      loader.start(sequence: sequence)
      sequence += 1
    }
    guard let dueTime, time >= dueTime else { return }
    let result = configuration.waitsForDueLoads ? loader.waitForResult() : loader.takeResult()
    guard let result else { return }
    self.dueTime = nil
    switch result {
    case .success(let ad):
      failures = 0
      loaded = (ad.creative, time)
      image.replace(with: ad.image)
      var fields: [(key: String, value: TraceValue)] = [
        ("id", .string(ad.creative.id)), ("format", .string(format.rawValue)),
      ]
      if let fallback = ad.fallback { fields.append(("source", .string(fallback.rawValue))) }
      trace.emit(.adLoaded, fields: fields)
    case .failure(let error):
      fail(error, at: time)
    }
  }

  private func fail(_ error: AdError, at time: Double) {
    switch error {
    case .noFullscreenAds, .loadingDisabled:
      isDormant = true
      return
    default: break
    }
    failures += 1
    retryTime = time + backoff.delay(afterFailures: failures, base: configuration.refreshInterval)
    if case .vastFailed(let id, let code, let reason, let errorURLs) = error {
      trace.emit(
        .vastError,
        fields: [
          ("format", .string(format.rawValue)), ("id", .string(id)), ("code", .int(code)), ("reason", .string(reason)),
        ])
      onVASTFailure?(id, code, errorURLs)
    }
    trace.emit(
      .adFailed,
      fields: [
        ("error", .string(error.description)), ("format", .string(format.rawValue)), ("reason", .string(error.reason)),
      ])
  }

  /// Hands the loaded ad's image over to its show (`showImage`), and returns its prerolled video
  /// for the show to play; the next ad starts loading at the next update.
  func handOver(imageInto showImage: inout CreativeImage) -> VideoFrameQueue? {
    loaded = nil
    image.handOver(to: &showImage)
    let video = prerolledVideo
    prerolledVideo = nil
    return video
  }

  /// The view its next video ads are drawn in: their posters are scaled to the drawn size as they
  /// load (`AdLoader.fittingPoster`).
  func noteVideoView(_ view: (size: Size, pixelsPerPoint: Double)?) {
    loader.fittingPoster = { $0.withPosterFitted(to: view) }
  }

  /// Loads again at the next update after resting for want of ads (a show asked for one).
  func wake() { isDormant = false }

  /// Throws the loaded ad away (expired): the next one starts loading at the next update.
  func discard() {
    loaded = nil
    image.clear()
    stopPreroll()
  }

  /// Whether the loaded ad holds a prerolled video.
  var hasPrerolledVideo: Bool { prerolledVideo != nil }

  /// Keeps `video`, the loaded ad's preroll, until its show or the ad's end.
  func holdPreroll(_ video: VideoFrameQueue) {
    prerolledVideo?.stop()
    prerolledVideo = video
  }

  /// Stops the prerolled video's decoding (its worker is joined off the loop) and lets it go.
  /// - Returns: the stopped video, for a caller that waits for its worker's end.
  @discardableResult
  func stopPreroll() -> VideoFrameQueue? {
    let video = prerolledVideo
    video?.stop()
    prerolledVideo = nil
    return video
  }

  /// Waits, at most `timeout` seconds, until its load's worker is done.
  func waitForWorkers(timeout: Double) { loader.waitForWorkers(timeout: timeout) }

  /// Cancels the transfers of this slot's running load.
  func cancelRunningLoad() { loader.cancelRunningLoad() }

  /// How many of this slot's loads run on a worker thread.
  var runningLoads: Int { loader.runningWorkers }

  /// When the slot next has work: a due load or a retry.
  var nextWakeTime: Double? { dueTime ?? (loaded == nil && !isDormant && !deferral.waits ? retryTime : nil) }

  /// Uploads the waiting creative ahead of its show: call it at the start of a draw.
  func prepare(on canvas: any Canvas) {
    image.prepare(on: canvas)
    if loaded != nil, image.uploaded == nil, !uploadFailed { uploadFailed = true }
  }
}
