/// Whatever a game pauses: its director, or its own loop. The ad bridge holds and releases it by
/// reason, and the game runs exactly when nobody holds it.
///
/// `Director` is one; `PauseGate` adapts a game with a plain pause flag or pause and resume
/// functions. Holders keep a pause target weakly, so releasing them in any order is safe.
public protocol PauseTarget: AnyObject {
  /// Adds `holder`'s hold; the first hold stops the game. Holding twice is one hold.
  func hold(_ holder: PauseHolder)

  /// Removes `holder`'s hold only; the game runs again when this was the last hold. Releasing a
  /// hold that is not held changes nothing.
  func release(_ holder: PauseHolder)

  /// Whether the game runs: nobody holds it.
  var isRunning: Bool { get }

  /// Whether `holder` holds the game.
  func isHeld(by holder: PauseHolder) -> Bool
}

extension Director: PauseTarget {
  public func isHeld(by holder: PauseHolder) -> Bool { holds.contains(holder) }
}
