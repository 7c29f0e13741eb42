/// The set of holders currently holding the director stopped; a value type with the ownership rules.
public struct PauseHolds: Hashable, Sendable {
  private var holders: Set<PauseHolder> = []

  /// Creates an empty set: nobody holds the director.
  public init() {}

  /// Whether nobody holds the director, that is, whether it runs.
  public var isEmpty: Bool { holders.isEmpty }

  /// Whether `holder` holds the director.
  public func contains(_ holder: PauseHolder) -> Bool { holders.contains(holder) }

  /// The holders, in a stable order for display and traces.
  public var sorted: [PauseHolder] { holders.sorted { $0.description < $1.description } }

  /// Adds `holder`'s hold.
  /// - Returns: true if the hold is new, false if `holder` already held the director.
  @discardableResult
  public mutating func hold(_ holder: PauseHolder) -> Bool {
    holders.insert(holder).inserted
  }

  /// Removes `holder`'s hold, and only that one.
  /// - Returns: true if `holder` had held the director, false if it had not (nothing changes).
  @discardableResult
  public mutating func release(_ holder: PauseHolder) -> Bool {
    holders.remove(holder) != nil
  }
}
