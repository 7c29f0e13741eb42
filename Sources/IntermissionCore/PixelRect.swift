/// A rectangle of whole pixels (an image's or a surface's), with its origin at the top left.
public struct PixelRect: Hashable, Sendable {
  /// The left edge, in pixels from the left.
  public var x: Int
  /// The top edge, in pixels from the top.
  public var y: Int
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int

  /// A rectangle at (`x`, `y`), `width` x `height` pixels; a side at or below 0 makes it empty.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The empty rectangle, at the origin.
  public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

  /// Whether it holds no pixel.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The smallest rectangle that holds both (the other one when either is empty).
  public func union(_ other: PixelRect) -> PixelRect {
    if isEmpty { return other.isEmpty ? .empty : other }
    if other.isEmpty { return self }
    let minX = min(x, other.x)
    let minY = min(y, other.y)
    let maxX = max(x + width, other.x + other.width)
    let maxY = max(y + height, other.y + other.height)
    return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The pixels both hold (empty when they do not meet).
  public func intersection(_ other: PixelRect) -> PixelRect {
    let minX = max(x, other.x)
    let minY = max(y, other.y)
    let maxX = min(x + width, other.x + other.width)
    let maxY = min(y + height, other.y + other.height)
    guard maxX > minX, maxY > minY else { return .empty }
    return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The pixels that `rect` (in points) touches at `scale` pixels per point: every pixel a drawing
  /// of it may change, an antialiased or filtered edge included.
  package init(covering rect: Rect, scale: (x: Double, y: Double)) {
    let minX = Int((rect.minX * scale.x).rounded(.down)) - 1
    let minY = Int((rect.minY * scale.y).rounded(.down)) - 1
    let maxX = Int((rect.maxX * scale.x).rounded(.up)) + 1
    let maxY = Int((rect.maxY * scale.y).rounded(.up)) + 1
    self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
