/// Someone who can hold the director stopped.
///
/// The director runs exactly when no holder holds it. Each holder releases only its own hold, so
/// one resume never undoes another's pause.
public enum PauseHolder: Hashable, Sendable, CustomStringConvertible {
  /// The player pressed pause.
  case user
  /// The window is minimised or hidden.
  case window
  /// An in-app ad action is in progress.
  case ad
  /// The consent form is open (a player in a regulated region decides, or changes, their choices).
  case consent
  /// A holder of the embedding game's own, named by it.
  case custom(String)

  /// The name used in traces as the `reason` of a pause or resume.
  public var description: String {
    switch self {
    case .user: "user"
    case .window: "window"
    case .ad: "ad"
    case .consent: "consent"
    case .custom(let name): name
    }
  }
}
