/// Player input as the director, its scenes and overlays see it, in window coordinates.
public enum InputEvent: Hashable, Sendable {
  /// The pointer moved to a position.
  case pointerMoved(Point)
  /// The primary button went down.
  case pointerDown(Point)
  /// The primary button went up.
  case pointerUp(Point)
  /// The wheel turned; positive `dy` scrolls towards the top of the content, as SDL reports it.
  case wheel(dy: Double)
  /// A key went down (repeats included).
  case keyDown(Key)
  /// A key went up.
  case keyUp(Key)
}
