/// Settings the menu changes and other scenes read, and the game's save.
public final class GameSettings {
  /// Whether sound is on; off mutes the music and effects without stopping them (the music goes on
  /// silently and comes back where it has got to). Shown on the menu's Sound button.
  public var soundEnabled = true
  /// The player's coins and the rewards credited, in the game's own save file.
  public let save: GameSave

  /// Creates the default settings, with `save` (in memory unless given a file).
  public init(save: GameSave = GameSave(path: nil)) {
    self.save = save
  }
}
