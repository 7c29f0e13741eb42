import IntermissionAds

extension AdOverlay {
  /// Keeps the overlay's reports in `queue`'s SQLite file: beacons, an OpenRTB ad's notices and
  /// trackers (sent by the queue, each once by nonce, across crashes), and earned rewards waiting
  /// for the game's acknowledgement (`DeferredRewardLedger`), so that none is lost to a crash.
  /// - Parameters:
  ///   - queue: the durable beacon queue.
  ///   - createsFolders: create the file's missing folders (the default location).
  public func keepReports(in queue: BeaconQueue, createsFolders: Bool) {
    beacons = queue
    fullscreen.rewardStore = DeferredRewardLedger(path: queue.path, createsFolders: createsFolders)
  }
}
