import IntermissionAds
import IntermissionCore

/// A slot's due load that waits, sending nothing, while its source awaits the player's consent:
/// traced once per wait (`ad.deferred`, `reason` `consent`), and started when the wait ends.
struct ConsentDeferral {
  private var isWaiting = false

  /// Whether a due load of `format` from `source` must wait now; the first frame of a wait traces
  /// `ad.deferred`.
  mutating func defers(_ source: any AdSource, format: AdFormat, trace: Trace) -> Bool {
    guard source.awaitsConsent else {
      isWaiting = false
      return false
    }
    if !isWaiting {
      isWaiting = true
      trace.emit(.adDeferred, fields: [("format", .string(format.rawValue)), ("reason", .string("consent"))])
    }
    return true
  }

  /// Whether a load is waiting for consent: the slot has no load to wake for until it ends.
  var waits: Bool { isWaiting }
}
