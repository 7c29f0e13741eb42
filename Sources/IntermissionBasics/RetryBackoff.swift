/// How long to wait before retrying after failures in a row: doubling from a base up to a cap,
/// shortened by up to a fifth at random (jitter, so that many clients do not retry in step). The
/// randomness comes from a seed, so that a fixed-step run retries at the same times every run.
package struct RetryBackoff: Hashable, Sendable {
  /// The longest wait: 5 minutes.
  package static let maximumDelay = 300.0
  /// The largest share of a wait that jitter takes off.
  package static let jitter = 0.2

  private var state: UInt64

  /// Creates a backoff whose jitter follows `seed`.
  package init(seed: UInt64) { state = seed }

  /// Creates a backoff with a random seed.
  package init() { self.init(seed: UInt64.random(in: .min ... .max)) }

  /// The wait after the `failures`-th failure in a row (1 for the first): `base` doubled for each
  /// failure after the first, at most `maximumDelay`, less a random share of up to `jitter`.
  package mutating func delay(afterFailures failures: Int, base: Double) -> Double {
    let doublings = min(max(failures, 1) - 1, 30)
    let full = min(RetryBackoff.maximumDelay, base * Double(1 << doublings))
    return full * (1 - RetryBackoff.jitter * nextUnit())
  }

  /// A number in [0, 1) from SplitMix64.
  private mutating func nextUnit() -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(UInt64(1) << 53)
  }
}
