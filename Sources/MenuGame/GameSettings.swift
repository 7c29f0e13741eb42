/// Settings the menu changes and other scenes read.
public final class GameSettings {
  /// Whether sound is on; off mutes the music and effects without stopping them (the music goes on
  /// silently and comes back where it has got to). Shown on the menu's Sound button.
  public var soundEnabled = true

  /// Creates the default settings.
  public init() {}
}
