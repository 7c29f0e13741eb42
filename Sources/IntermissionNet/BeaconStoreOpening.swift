import Dispatch
import IntermissionBasics
import IntermissionCore

/// A beacon queue's file opened (made, the first time) on a worker, ahead of its first beacon: the
/// file, its WAL, its tables and a check of them take several milliseconds, which the loop would
/// otherwise spend in the frame of the first impression. The loop takes the store once it is open
/// (`take(waiting:)`), and waits for it only if a beacon comes first.
final class BeaconStoreOpening: @unchecked Sendable {
  /// The store and what its opening recovered from (`BeaconStore.openRecovering`), or why it failed.
  typealias Outcome = Result<(store: BeaconStore, recovery: String?), any Error>

  private enum State {
    case opening
    case opened(Outcome)
    case taken
  }

  private let condition = Condition()
  private var state = State.opening

  /// Starts opening the queue at `path` on a worker.
  init(path: String, createsFolders: Bool, now: Double) {
    DispatchQueue.global().async { [self] in
      var opened: Outcome? = Outcome {
        try BeaconStore.openRecovering(path: path, createsFolders: createsFolders, now: now)
      }
      condition.withLock {
        // Handed over whole: the worker keeps no reference to the store, so it is closed, when it
        // is, by its taker on the loop's thread (closing a connection deletes its WAL and SHM files
        // by name). An opening dropped before it ends (the C API's overlay destroyed right after
        // its first update) closes the store here, on the worker, when this closure returns.
        if let outcome = opened.take() { state = .opened(outcome) }
        condition.broadcast()
      }
    }
  }

  /// The outcome, once: when `waiting`, as soon as the worker has it; otherwise nil until it has.
  /// Nil after it was taken.
  func take(waiting: Bool) -> Outcome? {
    condition.withLock {
      while waiting, case .opening = state { condition.wait() }
      guard case .opened(let outcome) = state else { return nil }
      state = .taken
      return outcome
    }
  }
}
