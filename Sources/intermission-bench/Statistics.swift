/// Small statistics over samples.
enum Statistics {
  /// The median (mean of the middle two for an even count).
  static func median(_ values: [Double]) -> Double {
    percentile(values, 0.5)
  }

  /// The `p` quantile (0...1) by linear interpolation between closest ranks.
  static func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = p * Double(sorted.count - 1)
    let low = Int(rank.rounded(.down))
    let high = min(sorted.count - 1, low + 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
  }

  /// The arithmetic mean.
  static func mean(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
  }
}
