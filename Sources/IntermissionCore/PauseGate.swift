/// A pause target for a game with its own loop: it keeps the holds and calls the game when its
/// running state changes, exactly at the first hold and at the release of the last one.
///
/// ```swift
/// var paused = false
/// let gate = PauseGate(onPause: { _ in paused = true }, onResume: { _ in paused = false })
/// ```
///
/// Given a trace, it records each hold and release as `pause.held` and `pause.released`, and each
/// change of the running state as `game.paused` or `game.resumed`, with its `reason` (the holder),
/// before it calls the game, as the C API's overlay does.
public final class PauseGate: PauseTarget {
  /// Called with the holder whose hold stopped the game.
  public var onPause: (PauseHolder) -> Void
  /// Called with the holder whose release let the game run again.
  public var onResume: (PauseHolder) -> Void
  /// The holders now holding the game.
  package private(set) var holds = PauseHolds()
  private let trace: Trace?

  /// Creates a gate that calls `onPause` and `onResume` at the running state's changes.
  /// - Parameters:
  ///   - trace: where `game.paused` and `game.resumed` are recorded; nil records nothing.
  ///   - onPause: called with the holder whose hold stopped the game.
  ///   - onResume: called with the holder whose release let it run again.
  public init(
    trace: Trace? = nil, onPause: @escaping (PauseHolder) -> Void = { _ in },
    onResume: @escaping (PauseHolder) -> Void = { _ in }
  ) {
    self.trace = trace
    self.onPause = onPause
    self.onResume = onResume
  }

  public var isRunning: Bool { holds.isEmpty }

  public func isHeld(by holder: PauseHolder) -> Bool { holds.contains(holder) }

  public func hold(_ holder: PauseHolder) {
    let change = holds.applyHold(holder)
    change.forEach { trace?.record($0) }
    if change.edge != nil { onPause(holder) }
  }

  public func release(_ holder: PauseHolder) {
    let change = holds.applyRelease(holder)
    change.forEach { trace?.record($0) }
    if change.edge != nil { onResume(holder) }
  }
}
