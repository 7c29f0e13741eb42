import IntermissionCore

/// What the overlay does for a source that buys its ads (`OpenRTBSource`): it passes on the
/// player's consent and the view's size in pixels, and takes what the source reported with each
/// load: notices for the durable queue, refused bids for the trace.
extension AdOverlay {
  /// Sets the player's consent signals (from the game's consent dialog): an OpenRTB source sends
  /// them with its next request; a manifest ignores them.
  public func setConsent(_ signals: ConsentSignals) { loader.source.setConsent(signals) }

  /// Tells the source the view's size in pixels.
  func noteViewSize() {
    let size = slot.viewSize
    loader.source.noteViewSize(Size(width: size.width * pixelScale, height: size.height * pixelScale))
  }

  /// Stores the notices a source reported in the durable queue, and traces its refused bids.
  func deliver(_ reports: [SourceReport]) {
    for report in reports {
      switch report {
      case .notice(let beacon): slot.tracker.record(beacon)
      case .bidRefused(let id, let reason):
        trace.emit("bid.refused", fields: [("id", .string(id)), ("reason", .string(reason))])
      }
    }
  }
}
