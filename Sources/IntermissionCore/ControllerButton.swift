/// A game controller's button, as SDL's GameController API names it. The host turns each into the
/// key a player would press: B and Back go back (Escape), A and Start activate (Return), the d-pad
/// moves (arrows), the shoulder buttons page (Page Up, Page Down), so that every screen, the in-app
/// ad view and the consent form's long text included, works with a controller or a TV remote.
public enum ControllerButton: String, CaseIterable, Hashable, Sendable {
  case a, b, back, start
  case up, down, left, right
  /// The left shoulder button: a page up.
  case leftShoulder = "leftshoulder"
  /// The right shoulder button: a page down.
  case rightShoulder = "rightshoulder"

  /// The key the button stands for.
  public var key: Key {
    switch self {
    case .a, .start: .returnKey
    case .b, .back: .escape
    case .up: .up
    case .down: .down
    case .left: .left
    case .right: .right
    case .leftShoulder: .pageUp
    case .rightShoulder: .pageDown
    }
  }
}
