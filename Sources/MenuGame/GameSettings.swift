/// Settings the menu changes and other scenes read, and the game's save.
package final class GameSettings {
  /// Whether sound is on; off mutes the music and effects without stopping them (the music goes on
  /// silently and comes back where it has got to). Shown on the menu's Sound button.
  package var soundEnabled = true
  /// The player's coins and the rewards credited, in the game's own save file.
  package let save: GameSave
  /// What the ads earned, in the game's own file.
  package let earnings: DemoEarnings

  /// Creates the default settings, with `save` and `earnings` (in memory unless given files).
  package init(save: GameSave = GameSave(path: nil), earnings: DemoEarnings = DemoEarnings(path: nil)) {
    self.save = save
    self.earnings = earnings
  }
}
