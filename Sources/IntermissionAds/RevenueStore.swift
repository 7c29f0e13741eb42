/// Where a revenue event waits between its impression and the game's handler (`AdOverlay.onRevenue`):
/// the beacon queue's file (a SQLite table beside the beacons, which survives a crash), which an
/// overlay built by `AdStack` (or with a `beaconsPath`) is given as its `revenueStore`, so that an
/// event whose game was killed in between is handed over at the next launch, once.
package protocol RevenueStore: AnyObject {
  /// Records `revenue` durably before this returns; the same event id again changes nothing.
  /// - Throws: when it cannot be recorded (a full disk).
  func record(_ revenue: AdRevenue) throws
  /// The events recorded and not yet handed over, oldest first.
  func pending() throws -> [AdRevenue]
  /// The event `eventID` was handed over: it leaves the store.
  func remove(eventID: String) throws
}
