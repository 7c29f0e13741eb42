import IntermissionAds
import IntermissionCore

/// What the overlay does for a source that buys its ads (`OpenRTBSource`): it passes on the
/// player's consent and the view's size in pixels, and takes what the source reported with each
/// load: notices for the durable queue, refused bids for the trace.
extension AdOverlay {
  /// Sets the player's consent signals (from the game's consent dialog): an OpenRTB source sends
  /// them with its next request; a manifest ignores them. Signals whose TC or GPP string does not
  /// decode are refused, traced as `consent.refused` with the reason and where.
  /// - Returns: whether the signals were taken.
  @discardableResult
  public func setConsent(_ signals: ConsentSignals) -> Bool {
    if consent != nil {
      // The consent engine's decision is what requests carry; a game's own strings would override it.
      trace.emit(.consentRefused, fields: [("reason", .string(Self.engineRunsReason))])
      return false
    }
    if let failure = signals.decodingFailure {
      trace.emit(.consentRefused, fields: [("reason", .string(failure))])
      return false
    }
    loader.source.setConsent(signals)
    return true
  }

  /// Why a game's own signals are refused while a consent engine runs.
  package static let engineRunsReason =
    "a consent engine runs (a consent file): its decision is what ad requests carry"

  /// Sets `format`'s price floor, a CPM in `PriceFloor.currency` (0 removes it), from the next
  /// request of that format on: an OpenRTB source sends it as the imp's `bidfloor` and refuses any
  /// bid under it (loss code 100); a manifest's house ads have no floor.
  /// - Returns: false, changing nothing, for a floor that is negative, not finite or over
  ///   `PriceFloor.maximum`.
  @discardableResult
  public func setFloor(_ cpm: Double, for format: AdFormat) -> Bool {
    guard PriceFloor.isValid(cpm) else { return false }
    loader.source.setFloor(cpm, for: format)
    return true
  }

  /// Tells the source the view's size in pixels.
  func noteViewSize() {
    let size = slot.viewSize
    fullscreen.view = (size, pixelScale)
    loader.source.noteViewSize(Size(width: size.width * pixelScale, height: size.height * pixelScale))
  }

  /// Stores the notices a source reported in the durable queue, and traces its refused bids.
  func deliver(_ reports: [SourceReport]) {
    for report in reports {
      switch report {
      case .notice(let beacon): slot.tracker.record(beacon)
      case .bidRefused(let id, let reason):
        trace.emit(.bidRefused, fields: [("id", .string(id)), ("reason", .string(reason))])
      }
    }
  }
}
