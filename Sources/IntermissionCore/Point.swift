/// A position in window coordinates (points, not pixels), origin at the top left.
public struct Point: Hashable, Sendable {
  /// Horizontal distance from the left edge.
  public var x: Double
  /// Vertical distance from the top edge.
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin.
  public static let zero = Point(x: 0, y: 0)
}
