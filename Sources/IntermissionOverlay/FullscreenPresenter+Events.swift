import IntermissionAds
import IntermissionCore

extension FullscreenPresenter {
  /// The fields that lead every line of a show: its `format`, `placement` and `id`.
  func context(of show: FullscreenShow) -> [(key: String, value: TraceValue)] {
    FullscreenPresenter.context(format: show.ad.format, placement: show.placement, id: show.ad.id)
  }

  static func context(format: AdFormat, placement: String, id: String) -> [(key: String, value: TraceValue)] {
    [("format", .string(format.rawValue)), ("placement", .string(placement)), ("id", .string(id))]
  }

  func event(_ kind: FullscreenEvent.Kind, of show: FullscreenShow) -> FullscreenEvent {
    FullscreenEvent(kind, format: show.ad.format, placement: show.placement, id: show.ad.id)
  }

  /// Writes `event`'s trace line: its context, its `reason` (a refusal's or a failure's), then
  /// `extra`.
  func trace(_ event: FullscreenEvent, _ extra: [(key: String, value: TraceValue)] = []) {
    var fields = FullscreenPresenter.context(format: event.format, placement: event.placement, id: event.id)
    if let reason = event.refusal?.rawValue ?? event.reason { fields.append(("reason", .string(reason))) }
    trace.emit(event.kind.event, fields: fields + extra)
  }

  /// Traces `event`, then tells `onEvent`.
  func emit(_ event: FullscreenEvent, _ extra: [(key: String, value: TraceValue)] = []) {
    trace(event, extra)
    onEvent?(event)
  }

  /// Cancels the transfers of the running full-screen loads, and stops a playing video's decoding
  /// and the ready ads' prerolled ones (their workers are handed to be joined off the loop): for an
  /// overlay that ends.
  func stopWork() {
    interstitials.cancelRunningLoad()
    rewardedAds.cancelRunningLoad()
    show?.video?.stop()
    hasStoppedWork = true
    stoppedPrerolls += [interstitials.stopPreroll(), rewardedAds.stopPreroll()].compactMap { $0 }
  }

  /// Waits, until `deadline` (`MonotonicClock` seconds) at the latest, until no full-screen load
  /// runs on a worker thread.
  func waitForWorkers(until deadline: Double) {
    for slot in [interstitials, rewardedAds] {
      slot.waitForWorkers(timeout: max(0, deadline - MonotonicClock.readSeconds()))
    }
  }

  /// Waits, until `deadline` (`MonotonicClock` seconds) at the latest, until the shown video's
  /// decoding thread and the ready ads' prerolled ones, stopped by `stopWork()`, have returned.
  func waitForVideo(until deadline: Double) {
    show?.video?.waitForDecoderEnd(timeout: max(0, deadline - MonotonicClock.readSeconds()))
    for video in stoppedPrerolls { video.waitForWorkerEnd(timeout: max(0, deadline - MonotonicClock.readSeconds())) }
  }

  /// Whether the shown video's decoding thread is still alive (for tests).
  var isDecodingVideo: Bool { show?.video?.isDecoding ?? false }

  /// Whether a ready video ad's prerolled decoding thread, or one `stopWork()` stopped, is alive
  /// (for tests).
  package var isPrerollingVideo: Bool {
    [interstitials.prerolledVideo, rewardedAds.prerolledVideo].contains { $0?.isDecoding ?? false }
      || stoppedPrerolls.contains(where: \.isDecoding)
  }

  /// How many of the interstitial and rewarded loads run on a worker thread.
  var runningLoads: Int { interstitials.runningLoads + rewardedAds.runningLoads }
}
