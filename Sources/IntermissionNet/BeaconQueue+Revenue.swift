import IntermissionAds

extension BeaconQueue: ImpressionLedger {
  /// Records `revenue` alone, in the queue's file.
  /// - Throws: when the queue cannot be written.
  package func record(_ revenue: AdRevenue) throws {
    try record([], with: revenue)
  }

  /// The revenue events in the queue's file not yet handed over, oldest first; none when the file
  /// was not there at launch and nothing was recorded since.
  package func pending() throws -> [AdRevenue] {
    try backlog.pendingRevenue()
  }

  /// The event `eventID` was handed over: it leaves the queue's file.
  package func remove(eventID: String) throws {
    try backlog.removeRevenue(eventID: eventID)
  }
}
