/// An sRGB colour with 8-bit channels and straight alpha.
public struct Color: Hashable, Sendable {
  /// Red, 0...255.
  public var red: UInt8
  /// Green, 0...255.
  public var green: UInt8
  /// Blue, 0...255.
  public var blue: UInt8
  /// Opacity, 0 (transparent) ... 255 (opaque).
  public var alpha: UInt8

  /// Creates a colour from its channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Creates an opaque colour from a 24-bit `0xRRGGBB` value.
  public init(hex: UInt32) {
    self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
  }

  /// The same colour with its alpha multiplied by `opacity` (clamped to 0...1).
  public func withOpacity(_ opacity: Double) -> Color {
    var copy = self
    copy.alpha = UInt8((Double(alpha) * min(1, max(0, opacity))).rounded())
    return copy
  }

  /// The colour mixed with `other`; `amount` 0 is `self`, 1 is `other`.
  public func mixed(with other: Color, amount: Double) -> Color {
    let t = min(1, max(0, amount))
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
    return Color(
      red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
      alpha: mix(alpha, other.alpha))
  }
}
