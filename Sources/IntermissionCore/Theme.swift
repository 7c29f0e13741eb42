/// The host's palette, shared by the demo game and the overlays.
public enum Theme {
  /// The backdrop of scenes.
  public static let background = Color(hex: 0x141B2D)
  /// Panels and list rows.
  public static let panel = Color(hex: 0x22304D)
  /// Alternate list rows.
  public static let panelAlternate = Color(hex: 0x1B2640)
  /// Buttons at rest.
  public static let button = Color(hex: 0x2F6FDE)
  /// Buttons under the pointer or keyboard focus.
  public static let buttonHover = Color(hex: 0x4C8DFF)
  /// Buttons held down.
  public static let buttonPressed = Color(hex: 0x1D4FA8)
  /// Primary text.
  public static let text = Color(hex: 0xF2F5FA)
  /// Secondary text.
  public static let mutedText = Color(hex: 0x9AA8C4)
  /// Highlights and moving decoration.
  public static let accent = Color(hex: 0xFFB84D)
  /// The dimming veil under modal overlays.
  public static let veil = Color(red: 0, green: 0, blue: 0, alpha: 160)
}
