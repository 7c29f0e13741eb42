import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOpenRTB
import IntermissionVAST

extension OpenRTBSource {
  /// The ad of the first of `candidates` (highest price first) that loads. One whose ad cannot be
  /// had (its markup, VAST, image or media) is refused with loss code 3, its VAST Error URLs told,
  /// and the next is tried while `deadline` (on `clock`) leaves a whole transfer and decode for
  /// it. Those below the one loaded hear 102; those never tried, 2 (the impression opportunity
  /// expired). All failing, the last failure, whose Error URLs the overlay tells.
  func loadBest(of candidates: [OpenRTBAuction.Winner], format: AdFormat, viewWidth: Int, deadline: Double)
    -> Result<LoadedAd, AdError>
  {
    var failure: AdError?
    for (rank, candidate) in candidates.enumerated() {
      if let failure {
        guard clock() + client.timeouts.total + 2 <= deadline else {
          report(candidates[rank...].map { $0.loss(2) }, for: format)
          return .failure(failure)
        }
        reportErrorURLs(of: failure, format: format)
      }
      switch load(candidate, format: format, viewWidth: viewWidth) {
      case .success(let loaded):
        report(candidates[(rank + 1)...].map { $0.loss(102) }, for: format)
        return .success(loaded)
      case .failure(let error): failure = error
      }
    }
    return .failure(failure ?? .noFill)
  }

  /// The Error URLs of a video bid that failed to load, with its VAST error code and the moment
  /// filled, as notices: another bid is tried, so no `ad.failed` tells them.
  private func reportErrorURLs(of failure: AdError, format: AdFormat) {
    guard case .vastFailed(let id, let code, _, let errorURLs) = failure else { return }
    var random = SystemRandomNumberGenerator()
    var macros = VASTMacros()
    macros.errorCode = VASTError.Code(rawValue: code) ?? .undefined
    let notices = errorURLs.compactMap { url -> SourceReport? in
      macros.timestamp = UTCTimestamp.extended(WallClock.now())
      macros.cacheBusting = String(UInt32.random(in: 10_000_000...99_999_999, using: &random))
      guard let filled = WebURL(macros.substitute(url)) else { return nil }
      return .notice(
        Beacon(kind: .vast, adID: id, url: filled.description, lifetime: AdCreative.defaultBeaconLifetime))
    }
    report(notices, for: format)
  }
}
