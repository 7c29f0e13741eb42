/// A push button: a rectangle with a label, hover and press feedback, activated by a press and
/// release inside it.
public struct Button: Hashable, Sendable {
  /// What a button did with an event.
  public enum Response: Hashable, Sendable {
    /// The event was not for the button.
    case ignored
    /// The button used the event (hover or press) but was not activated.
    case consumed
    /// The button was clicked.
    case activated
  }

  /// The label.
  public var title: String
  /// Where the button is.
  public var frame: Rect
  /// Whether the pointer is over it.
  public private(set) var isHovered = false
  /// Whether the primary button went down on it and has not been released.
  public private(set) var isPressed = false
  /// Whether it has keyboard focus (drawn like hover).
  public var isFocused = false

  /// Creates a button.
  public init(title: String, frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)) {
    self.title = title
    self.frame = frame
  }

  /// Updates hover and press state from `event`.
  public mutating func handle(_ event: InputEvent) -> Response {
    switch event {
    case .pointerMoved(let point):
      isHovered = frame.contains(point)
      return .ignored
    case .pointerDown(let point):
      guard frame.contains(point) else { return .ignored }
      isPressed = true
      isHovered = true
      return .consumed
    case .pointerUp(let point):
      guard isPressed else { return .ignored }
      isPressed = false
      return frame.contains(point) ? .activated : .consumed
    default:
      return .ignored
    }
  }

  /// The fill colour for the current state.
  public var fillColor: Color {
    if isPressed { return Theme.buttonPressed }
    return isHovered || isFocused ? Theme.buttonHover : Theme.button
  }

  /// Draws the button; its title, written in `language` (nil for the game's), is cut with "…"
  /// when it is wider than the button.
  public func draw(on canvas: any Canvas, style: TextStyle = .heading, language: String? = nil) {
    canvas.fill(frame, color: fillColor)
    if isFocused { canvas.outline(frame, color: Theme.accent, thickness: 3) }
    canvas.drawText(
      title, style: style, color: Theme.text, in: frame, alignment: .center, language: language, truncating: true)
  }
}
