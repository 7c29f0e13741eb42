/// The set of holders currently holding the director stopped; a value type with the ownership rules.
package struct PauseHolds: Hashable, Sendable {
  private var holders: Set<PauseHolder> = []

  /// Creates an empty set: nobody holds the director.
  package init() {}

  /// Whether nobody holds the director, that is, whether it runs.
  package var isEmpty: Bool { holders.isEmpty }

  /// Whether `holder` holds the director.
  package func contains(_ holder: PauseHolder) -> Bool { holders.contains(holder) }

  /// The holders, in a stable order for display and traces.
  package var sorted: [PauseHolder] { holders.sorted { $0.description < $1.description } }

  /// Adds `holder`'s hold.
  /// - Returns: true if the hold is new, false if `holder` already held the director.
  @discardableResult
  package mutating func hold(_ holder: PauseHolder) -> Bool {
    holders.insert(holder).inserted
  }

  /// Removes `holder`'s hold, and only that one.
  /// - Returns: true if `holder` had held the director, false if it had not (nothing changes).
  @discardableResult
  package mutating func release(_ holder: PauseHolder) -> Bool {
    holders.remove(holder) != nil
  }

  /// What one hold or release did, as the events it causes, in the order they are told: the one
  /// place where a hold becomes a pause, for the director and a game's own `PauseGate` alike.
  package struct Change: Hashable, Sendable {
    /// `.held` or `.released`; nil when nothing changed (a second hold, a release of no hold).
    package let step: DirectorEvent?
    /// `.paused` when a hold stopped the running game, `.resumed` when a release let it run
    /// again; nil otherwise.
    package let edge: DirectorEvent?

    /// Calls `handle` with the step, then the edge, each that happened.
    package func forEach(_ handle: (DirectorEvent) -> Void) {
      if let step { handle(step) }
      if let edge { handle(edge) }
    }
  }

  /// Adds `holder`'s hold and says what it did: `.held`, then `.paused` if the game was running.
  package mutating func applyHold(_ holder: PauseHolder) -> Change {
    let wasRunning = isEmpty
    guard hold(holder) else { return Change(step: nil, edge: nil) }
    return Change(step: .held(reason: holder), edge: wasRunning ? .paused(reason: holder) : nil)
  }

  /// Removes `holder`'s hold and says what it did: `.released`, then `.resumed` if it was the last.
  package mutating func applyRelease(_ holder: PauseHolder) -> Change {
    guard release(holder) else { return Change(step: nil, edge: nil) }
    return Change(step: .released(reason: holder), edge: isEmpty ? .resumed(reason: holder) : nil)
  }
}
