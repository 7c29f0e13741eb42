/// The window sizes the host accepts, from `--size` and from a script's `resize` alike.
package enum WindowBounds {
  /// Allowed widths in points.
  package static let width = 200...8192
  /// Allowed heights in points.
  package static let height = 150...8192
  /// The largest coordinate a scripted pointer event may name: the edge of the largest window.
  package static let largestCoordinate = 8192.0
  /// The largest wheel turn, in notches, that a scripted wheel event may name.
  package static let largestWheelTurn = 1000.0

  /// Whether `width` x `height` is an allowed window size.
  package static func contains(width: Int, height: Int) -> Bool {
    Self.width.contains(width) && Self.height.contains(height)
  }
}
