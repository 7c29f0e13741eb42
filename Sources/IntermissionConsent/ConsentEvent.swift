import IntermissionCore

/// What the consent engine reports, for the trace and the C API's `on_event` (`consent.*`).
package enum ConsentEvent: Hashable, Sendable {
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

  /// The event as traces name it: `consent.required`, `consent.decided`, and so on.
  package var traceEvent: TraceEvent {
    switch self {
    case .required: .consentRequired
    case .notRequired: .consentNotRequired
    case .shown: .consentShown
    case .decided: .consentDecided
    case .refused: .consentRefused
    case .expired: .consentExpired
    case .storeFailed: .consentStoreFailed
    }
  }

  /// The event's fields, as a trace writes them.
  package var fields: [(key: String, value: TraceValue)] {
    switch self {
    case .required(let reason): [("reason", .string(reason.description))]
    case .notRequired(let geography): [("geography", .string(geography.description))]
    case .shown: []
    case .decided(let purposes, let vendors, let milliseconds):
      [
        ("purposes", .string(purposes.map(String.init).joined(separator: ","))), ("vendors", .int(vendors)),
        ("ms", .int(milliseconds)),
      ]
    case .refused(let reason): [("reason", .string(reason))]
    case .expired(let days): [("days", .int(days))]
    case .storeFailed(let reason): [("reason", .string(reason))]
    }
  }
}
