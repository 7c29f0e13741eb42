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
    ("Escape", .escape), ("Return", .returnKey), ("Space", .space), ("Tab", .tab),
    ("Backspace", .backspace), ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
    ("PageUp", .pageUp), ("PageDown", .pageDown), ("Home", .home), ("End", .end),
  ]
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
    if case .character(let character) = self { return String(character).uppercased() }
    return Key.namedKeys.first(where: { $0.1 == self })!.0
  }

  /// Every name `init(name:)` accepts besides single letters and digits, for error messages.
  public static var knownNames: [String] { namedKeys.map(\.0) }
}
