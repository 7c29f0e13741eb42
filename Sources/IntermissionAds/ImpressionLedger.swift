/// A beacon delivery that keeps revenue events too, in the same file (`BeaconQueue`): an
/// impression's beacons and its revenue event are written in one transaction, so that no kill
/// between them bills a buyer and loses the event. As the overlay's `beacons` and its
/// `revenueStore` at once (as an `AdStack` gives it), it records every impression this way.
package protocol ImpressionLedger: BeaconDelivery, RevenueStore {
  /// Records `beacons` and `revenue` (nil: the beacons alone) in one transaction that a kill after
  /// this returns does not undo (it need not wait for the disk: `BeaconQueue` syncs before any
  /// beacon leaves); beacons that cannot be written are kept as `record(_:)` keeps them.
  /// - Throws: when `revenue` could not be recorded.
  func record(_ beacons: [Beacon], with revenue: AdRevenue?) throws
}
