/// Where a player's consent stands, with the same numbers on every platform and in the C API
/// (`INTERMISSION_CONSENT_*`).
public enum ConsentStatus: Int, Hashable, Sendable {
  /// Not yet known: the geography or the stored decision is still being read.
  case unknown = 0
  /// The player must decide: the form is or will be shown; no ad traffic leaves the process.
  case required = 1
  /// No decision is needed where the player is (a US state's opt-outs apply without one).
  case notRequired = 2
  /// The player has decided, and the decision is stored.
  case obtained = 3

  /// Whether ad requests may go out, as Google's UMP SDK answers `canRequestAds`: once the player
  /// decided, or where no decision is needed.
  public var canRequestAds: Bool { self == .obtained || self == .notRequired }
}
