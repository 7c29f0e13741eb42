/// A game controller's button, as SDL's GameController API names it. The host turns each into the
/// key a player would press: B and Back go back (Escape), A and Start activate (Return), the d-pad
/// moves (arrows), so that every screen, the in-app ad view included, works with a controller or a
/// TV remote.
public enum ControllerButton: String, CaseIterable, Hashable, Sendable {
  case a, b, back, start
  case up, down, left, right

  /// The key the button stands for.
  public var key: Key {
    switch self {
    case .a, .start: .returnKey
    case .b, .back: .escape
    case .up: .up
    case .down: .down
    case .left: .left
    case .right: .right
    }
  }
}
