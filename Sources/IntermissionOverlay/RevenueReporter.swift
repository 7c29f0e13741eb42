import IntermissionAds
import IntermissionCore

/// Tells the game what each paid impression earned, exactly once: at the impression of a shown ad
/// (the banner's or a full-screen one's) the event is recorded in the `RevenueStore` with the
/// impression's beacon, then traced right after the `impression` line (`ad.revenue`) and handed to
/// the game's handler (`AdOverlay.onRevenue`) on the game's thread, then removed from the store.
/// Events still in the store from a launch killed in between come first, at the next launch's first
/// update with a handler, traced with `"pending": true`.
final class RevenueReporter {
  /// The game's handler; events left pending by an earlier launch wait in the store while there is
  /// none.
  var handler: ((AdRevenue) -> Void)? {
    didSet { checkedPending = false }
  }
  /// Where events wait between their impression and their handler; nil keeps them nowhere.
  var store: (any RevenueStore)? {
    didSet { checkedPending = false }
  }
  /// Whether the `ad.revenue` line carries `eventID` (`AdOverlay.tracesRevenueEventIDs`).
  var tracesEventIDs = false
  private let trace: Trace
  private var checkedPending = false

  /// A reporter that traces to `trace`.
  init(trace: Trace) { self.trace = trace }

  /// The impression of `ad`, shown as `format` at `placement`, counts now: its event, recorded
  /// before this returns (or traced as `revenue.notRecorded` when the store cannot be written), for
  /// `deliver` once the `impression` line is out. When the store is `delivery` (`ImpressionLedger`),
  /// the impression's `beacons` are written with the event in one transaction; otherwise
  /// `recordBeacons` stores them first.
  func record(
    impressionOf ad: AdCreative, format: AdFormat, placement: String?, with beacons: [Beacon],
    delivery: (any BeaconDelivery)?, recordBeacons: ([Beacon]) -> Void
  ) -> AdRevenue {
    let revenue = AdRevenue(impressionOf: ad, format: format, placement: placement)
    do {
      if let ledger = store as? any ImpressionLedger, ledger === delivery {
        try ledger.record(beacons, with: revenue)
      } else {
        recordBeacons(beacons)
        try store?.record(revenue)
      }
    } catch {
      trace.emit(.revenueNotRecorded, ["id": .string(ad.id), "reason": .string("\(error)")])
    }
    return revenue
  }

  /// Traces `revenue` and hands it to the handler; then it leaves the store.
  func deliver(_ revenue: AdRevenue, pending: Bool = false) {
    var fields = revenue.traceFields
    if tracesEventIDs { fields.append(("eventID", .string(revenue.eventID))) }
    if pending { fields.append(("pending", .bool(true))) }
    trace.emit(.adRevenue, fields: fields)
    handler?(revenue)
    do {
      try store?.remove(eventID: revenue.eventID)
    } catch {
      trace.emit(.revenueStoreFailed, ["reason": .string("\(error)")])
    }
  }

  /// Hands over the events left pending by an earlier launch, oldest first, once per store and
  /// handler: the overlay calls it first in every update.
  func deliverPending() {
    guard let store, handler != nil, !checkedPending else { return }
    checkedPending = true
    do {
      for revenue in try store.pending() { deliver(revenue, pending: true) }
    } catch {
      trace.emit(.revenueStoreFailed, ["reason": .string("\(error)")])
    }
  }
}
