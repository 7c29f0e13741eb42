/// A pause target for a game with its own loop: it keeps the holds and calls the game when its
/// running state changes, exactly at the first hold and at the release of the last one.
///
/// ```swift
/// var paused = false
/// let gate = PauseGate(onPause: { _ in paused = true }, onResume: { _ in paused = false })
/// ```
public final class PauseGate: PauseTarget {
  /// Called with the holder whose hold stopped the game.
  public var onPause: (PauseHolder) -> Void
  /// Called with the holder whose release let the game run again.
  public var onResume: (PauseHolder) -> Void
  /// The holders now holding the game.
  public private(set) var holds = PauseHolds()

  /// Creates a gate that calls `onPause` and `onResume` at the running state's changes.
  public init(onPause: @escaping (PauseHolder) -> Void = { _ in }, onResume: @escaping (PauseHolder) -> Void = { _ in })
  {
    self.onPause = onPause
    self.onResume = onResume
  }

  public var isRunning: Bool { holds.isEmpty }

  public func isHeld(by holder: PauseHolder) -> Bool { holds.contains(holder) }

  public func hold(_ holder: PauseHolder) {
    let wasRunning = isRunning
    guard holds.hold(holder) else { return }
    if wasRunning { onPause(holder) }
  }

  public func release(_ holder: PauseHolder) {
    guard holds.release(holder) else { return }
    if isRunning { onResume(holder) }
  }
}
