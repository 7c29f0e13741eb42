import Dispatch
import IntermissionCore

/// A beacon queue's file opened (made, the first time) on a worker, ahead of its first beacon: the
/// file, its WAL, its tables and a check of them take several milliseconds, which the loop would
/// otherwise spend in the frame of the first impression. The loop takes the store once it is open
/// (`take(waiting:)`), and waits for it only if a beacon comes first.
final class BeaconStoreOpening: @unchecked Sendable {
  /// The store and what its opening recovered from (`BeaconStore.openRecovering`), or why it failed.
  typealias Outcome = Result<(store: BeaconStore, recovery: String?), any Error>

  private let condition = Condition()
  private var outcome: Outcome?

  /// Starts opening the queue at `path` on a worker.
  init(path: String, createsFolders: Bool, now: Double) {
    DispatchQueue.global().async { [self] in
      let opened = Outcome { try BeaconStore.openRecovering(path: path, createsFolders: createsFolders, now: now) }
      condition.withLock {
        outcome = opened
        condition.broadcast()
      }
    }
  }

  /// The outcome: when `waiting`, once the worker has it; otherwise nil until it has.
  func take(waiting: Bool) -> Outcome? {
    condition.withLock {
      while waiting && outcome == nil { condition.wait() }
      return outcome
    }
  }
}
