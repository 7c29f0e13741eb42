/// A keyboard key, named as SDL names it (`SDL_GetKeyName`).
public enum Key: Hashable, Sendable {
  case escape
  case returnKey
  case space
  case tab
  case backspace
  case up
  case down
  case left
  case right
  case pageUp
  case pageDown
  case home
  case end
  /// A letter or digit key, stored in lower case.
  case character(Character)

  private static let namedKeys: [(String, Key)] = [
    Key.escape, .returnKey, .space, .tab, .backspace, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end,
  ].map { ($0.name, $0) }
  /// Other names accepted for named keys.
  private static let aliases: [(String, Key)] = [("Enter", .returnKey)]

  /// Creates a key from its SDL name (`Escape`, `Return`, `P`, `Up`, ...); case does not matter, and
  /// `Enter` is `Return`. Returns nil for a name this host does not know.
  public init?(name: String) {
    let lowercased = name.lowercased()
    if let match = (Key.namedKeys + Key.aliases).first(where: { $0.0.lowercased() == lowercased }) {
      self = match.1
      return
    }
    if name.count == 1, let character = name.lowercased().first, character.isASCII,
      character.isLetter || character.isNumber
    {
      self = .character(character)
      return
    }
    return nil
  }

  /// The SDL name of the key.
  public var name: String {
    switch self {
    case .escape: "Escape"
    case .returnKey: "Return"
    case .space: "Space"
    case .tab: "Tab"
    case .backspace: "Backspace"
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .pageUp: "PageUp"
    case .pageDown: "PageDown"
    case .home: "Home"
    case .end: "End"
    case .character(let character): String(character).uppercased()
    }
  }

  /// Every name `init(name:)` accepts besides single letters and digits, for error messages.
  public static var knownNames: [String] { namedKeys.map(\.0) }
}
