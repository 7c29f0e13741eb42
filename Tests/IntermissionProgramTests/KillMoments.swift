import IntermissionTestSupport

/// The moments of the kill -9 tests: `count` of them spread over a window, each jittered within its
/// own share of it by a seeded generator, run two at a time (each launch waits on the real clock).
enum KillMoments {
  /// `count` moments over `window` seconds, one in each `window / count`.
  static func spread(_ count: Int, over window: Double, seed: UInt64) -> [Double] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { index in
      (Double(index) + Double.random(in: 0..<1, using: &generator)) * window / Double(count)
    }
  }

  /// `body` at each of `moments`, two at a time; the outcomes in the order they finished.
  ///
  /// Each `body` runs on a thread of its own: it mostly waits (for a moment, a trace, a relaunch),
  /// and on Swift Testing's pool of one thread per core two waiting bodies would stop every other
  /// test for the minutes that the moments take.
  static func run<Outcome: Sendable>(
    _ moments: [Double], _ body: @escaping @Sendable (Double) throws -> Outcome
  ) async throws -> [Outcome] {
    try await withThrowingTaskGroup(of: Outcome.self) { group in
      var outcomes: [Outcome] = []
      for (index, moment) in moments.enumerated() {
        if index >= 2, let done = try await group.next() { outcomes.append(done) }
        group.addTask { try await onOwnThread { try body(moment) } }
      }
      for try await done in group { outcomes.append(done) }
      return outcomes
    }
  }
}
