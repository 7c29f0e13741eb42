import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import Testing

/// A load's steps see its `LoadBudget`, which ends before the load's deadline and which the loader
/// cancels when it gives the load up.
@Suite("Load budget")
struct LoadBudgetTests {
  /// A load that waits on its budget until it is cancelled (at most 5 s), noting the budget it saw.
  struct WaitingSource: AdSource {
    let loadTimeout: Double
    let seen = Locked<LoadBudget?>(nil)
    var name: String { "waiting" }

    func loadAd(sequence: Int) -> Result<LoadedAd, AdError> {
      let budget = LoadBudget.current
      seen.withLock { $0 = budget }
      let end = MonotonicClock.readSeconds() + 5
      while budget?.isCancelled == false && MonotonicClock.readSeconds() < end {
        Thread.sleep(forTimeInterval: 0.01)
      }
      return .failure(.noFill)
    }
  }

  @Test func aLoadGivenUpOnHasItsBudgetCancelledAndItsWorkerEnds() throws {
    let source = WaitingSource(loadTimeout: 0.3)
    let loader = AdLoader(source: source)
    loader.start(sequence: 0)
    let result = loader.waitForResult()
    guard case .failure(.timedOut(seconds: 0.3))? = result else {
      Issue.record("expected a time-out, got \(String(describing: result))")
      return
    }
    // The worker sees the cancellation and ends, long before its own 5 s.
    #expect(loader.waitForWorkers(timeout: 3))
    #expect(loader.runningWorkers == 0)
    let budget = try #require(source.seen.withLock { $0 })
    #expect(budget.isCancelled)
    #expect(budget.remaining == 0)
  }

  @Test func aBudgetEndsItsReserveBeforeTheDeadline() {
    #expect(LoadBudget.reserve(ofLoad: 16) == 1)
    #expect(LoadBudget.reserve(ofLoad: 5) == 1)
    #expect(LoadBudget.reserve(ofLoad: 2) == 0.4)
    let before = MonotonicClock.readSeconds()
    let budget = LoadBudget(loadTimeout: 16)
    let after = MonotonicClock.readSeconds()
    #expect(budget.end >= before + 15 && budget.end <= after + 15)
    #expect(LoadBudget.current == nil)
    #expect(budget.run { LoadBudget.current } === budget)
    #expect(LoadBudget.current == nil)
  }
}
