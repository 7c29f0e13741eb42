/// Easing curves for animations, as caseless-enum functions.
package enum Easing {
  /// Cubic ease-in-out of `t` clamped to 0...1: slow start, fast middle, slow end.
  package static func easeInOut(_ t: Double) -> Double {
    let x = min(1, max(0, t))
    return x < 0.5 ? 4 * x * x * x : 1 - pow3(-2 * x + 2) / 2
  }

  private static func pow3(_ value: Double) -> Double { value * value * value }
}
