import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOverlay

extension AdOverlay {
  /// Keeps the overlay's reports in `queue`'s SQLite file: beacons, an OpenRTB ad's notices and
  /// trackers (sent by the queue until one 2xx, across crashes), earned rewards waiting for
  /// the game's acknowledgement (`DeferredRewardLedger`) and revenue events waiting for their
  /// handler (the queue itself, `ImpressionLedger`: each written in one transaction with its
  /// impression's beacons), so that none is lost to a crash.
  /// - Parameters:
  ///   - queue: the durable beacon queue.
  ///   - createsFolders: create the file's missing folders (the default location).
  public func keepReports(in queue: BeaconQueue, createsFolders: Bool) {
    beacons = queue
    fullscreen.rewardStore = DeferredRewardLedger(path: queue.path, createsFolders: createsFolders)
    revenueStore = queue
  }

  /// Keeps the overlay's reports in the SQLite file at `path`, as a game's own loop does: its
  /// beacons sent by `client` on the wall clock, and a queue that cannot be written, or a damaged
  /// one moved aside, told once as a warning on stderr.
  /// - Parameters:
  ///   - client: sends the beacons (`AdSources.beaconClient(for:client:)`).
  ///   - waitsForAttempts: wait for each batch within the update that started it (deterministic
  ///     runs).
  ///   - createsFolders: create the file's missing folders (the default location).
  public func keepReports(at path: String, client: HTTPClient, waitsForAttempts: Bool, createsFolders: Bool) {
    keepReports(
      in: BeaconQueue(
        path: path, client: client, clock: WallClock.now, waitsForAttempts: waitsForAttempts,
        createsFolders: createsFolders,
        warn: { FileDescriptor.printToStandardError("intermission: warning: " + $0) }),
      createsFolders: createsFolders)
  }
}
