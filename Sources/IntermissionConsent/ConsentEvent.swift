/// What the consent engine reports, for the trace and the C API's `on_event` (`consent.*`).
public enum ConsentEvent: Hashable, Sendable {
  /// The player must decide before any ad request: why.
  case required(ConsentReason)
  /// No decision is needed where the player is.
  case notRequired(ConsentGeography)
  /// The form was shown.
  case shown
  /// The player decided: the purposes consented to, how many vendors, how long it took (ms).
  case decided(purposes: [Int], vendors: Int, milliseconds: Int)
  /// A string the game passed did not decode: why and where.
  case refused(String)
  /// The stored decision was older than the consent file allows.
  case expired(days: Int)
  /// The store could not be written or read: the message (said once).
  case storeFailed(String)

  /// The event's name in traces: `consent.required`, `consent.decided`, and so on.
  public var name: String {
    switch self {
    case .required: "consent.required"
    case .notRequired: "consent.notRequired"
    case .shown: "consent.shown"
    case .decided: "consent.decided"
    case .refused: "consent.refused"
    case .expired: "consent.expired"
    case .storeFailed: "consent.storeFailed"
    }
  }

  /// The event's fields, as a trace writes them.
  public var fields: [(String, String)] {
    switch self {
    case .required(let reason): [("reason", reason.description)]
    case .notRequired(let geography): [("geography", geography.description)]
    case .shown: []
    case .decided(let purposes, let vendors, let milliseconds):
      [
        ("purposes", purposes.map(String.init).joined(separator: ",")), ("vendors", String(vendors)),
        ("ms", String(milliseconds)),
      ]
    case .refused(let reason): [("reason", reason)]
    case .expired(let days): [("days", String(days))]
    case .storeFailed(let reason): [("reason", reason)]
    }
  }
}
