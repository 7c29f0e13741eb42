/// Settings the menu changes and other scenes read.
public final class GameSettings {
  /// Whether sound is on. The demo has no audio; the setting is shown on its button.
  public var soundEnabled = true

  /// Creates the default settings.
  public init() {}
}
