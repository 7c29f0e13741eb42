/// Where the player is, for consent: a GDPR region (the EEA, the UK, Switzerland), a US state, or
/// elsewhere; unknown asks, as the safe default.
public enum ConsentGeography: Hashable, Sendable, CustomStringConvertible {
  /// The European Economic Area.
  case eea
  /// The United Kingdom.
  case uk
  /// Switzerland.
  case ch
  /// A US state, by its two-letter code in lower case (`"ca"`).
  case usState(String)
  /// Anywhere else: no consent is asked.
  case other
  /// Not known: the form is shown, as in a GDPR region.
  case unknown

  /// The US states with a privacy law that gives an opt-out of sale, sharing or targeted
  /// advertising (the states of the GPP's own sections, ids 8 to 27).
  public static let regulatedUSStates: Set<String> = [
    "ca", "va", "co", "ut", "ct", "fl", "mt", "or", "tx", "de", "ia", "ne", "nh", "nj", "tn", "mn", "md", "in", "ky",
    "ri",
  ]

  /// The geography named `text`: `eea`, `uk`, `ch`, `us-` and a state's two letters, or `other`;
  /// nil for anything else.
  public init?(_ text: String) {
    switch text {
    case "eea": self = .eea
    case "uk": self = .uk
    case "ch": self = .ch
    case "other": self = .other
    default:
      let letters = Array(text.utf8)
      guard letters.count == 5, text.hasPrefix("us-"),
        letters[3...].allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
      else { return nil }
      self = .usState(String(text.dropFirst(3)))
    }
  }

  /// The name `init?(_:)` reads.
  public var description: String {
    switch self {
    case .eea: "eea"
    case .uk: "uk"
    case .ch: "ch"
    case .usState(let state): "us-\(state)"
    case .other: "other"
    case .unknown: "unknown"
    }
  }

  /// Whether the player must decide before any ad request: a GDPR region, or unknown.
  public var asksBeforeAds: Bool {
    switch self {
    case .eea, .uk, .ch, .unknown: true
    case .usState, .other: false
    }
  }

  /// Whether the player's state gives opt-outs, carried in the GPP's `usnat` section.
  public var hasUSOptOuts: Bool {
    if case .usState(let state) = self { return Self.regulatedUSStates.contains(state) }
    return false
  }
}
