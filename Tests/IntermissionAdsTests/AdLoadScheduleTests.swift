import IntermissionAds
import IntermissionBasics
import Testing

@Suite("Ad load schedule")
struct AdLoadScheduleTests {
  @Test func firstLoadAtOnceThenARotationAfterARefreshIntervalOfViewableTime() {
    var schedule = AdLoadSchedule(backoff: RetryBackoff(seed: 1))
    #expect(schedule.shouldLoad(at: 0, suspended: true), "the first load starts even when suspended")
    #expect(schedule.requestLoad(at: 0, latency: 0.5) == 0)
    #expect(!schedule.shouldLoad(at: 0.1, suspended: false), "one load at a time")
    #expect(!schedule.isDue(at: 0.4) && schedule.isDue(at: 0.5))
    #expect(schedule.nextWakeTime(suspended: false, viewableFrom: nil) == 0.5)
    schedule.delivered(refreshInterval: 30)
    #expect(schedule.nextWakeTime(suspended: false, viewableFrom: nil) == nil, "not viewable: no rotation to wait for")
    #expect(schedule.nextWakeTime(suspended: false, viewableFrom: 1) == 31)
    #expect(!schedule.shouldLoad(at: 1000, suspended: false), "host time alone never rotates")
    schedule.addViewableTime(29.9)
    #expect(!schedule.shouldLoad(at: 1000, suspended: false))
    schedule.addViewableTime(0.1)
    #expect(schedule.shouldLoad(at: 1000, suspended: false))
    #expect(!schedule.shouldLoad(at: 1000, suspended: true), "suspended: not even when overdue")
    #expect(schedule.requestLoad(at: 1000, latency: 0.5) == 1, "the rotation moves on")
  }

  @Test func failuresRetryAfterTheRefreshIntervalDoublingUpToFiveMinutesWithJitter() {
    var schedule = AdLoadSchedule(backoff: RetryBackoff(seed: 7))
    var time = 0.0
    var delays: [Double] = []
    for _ in 0..<12 {
      _ = schedule.requestLoad(at: time, latency: 0)
      schedule.failed(at: time, refreshInterval: 10)
      let retry = schedule.retryTime!
      delays.append(retry - time)
      #expect(
        !schedule.shouldLoad(at: retry - 0.001, suspended: false) && schedule.shouldLoad(at: retry, suspended: false))
      #expect(!schedule.shouldLoad(at: retry, suspended: true), "no retry while suspended")
      time = retry
    }
    for (index, delay) in delays.enumerated() {
      let full = min(300, 10 * Double(1 << index))
      #expect(delay <= full && delay >= full * 0.8, "retry \(index + 1): \(delay) s, full \(full) s")
    }
    #expect(Set(delays.map { $0 / min(300, 10 * Double(1 << delays.firstIndex(of: $0)!)) }).count > 6, "jittered")
    // The same seed gives the same delays: a fixed-step run retries at the same times.
    var again = RetryBackoff(seed: 7)
    var same: [Double] = []
    for failures in 1...12 { same.append(again.delay(afterFailures: failures, base: 10)) }
    #expect(zip(same, delays).allSatisfy { abs($0 - $1) < 1e-9 }, "\(same) against \(delays)")
    _ = schedule.requestLoad(at: time, latency: 0)
    schedule.delivered(refreshInterval: 10)
    #expect(schedule.consecutiveFailures == 0 && schedule.retryTime == nil, "a delivery ends the backoff")
  }

  @Test func aSuspendedRotationWaitsAndRunsOnceWhenItEnds() {
    var schedule = AdLoadSchedule()
    _ = schedule.requestLoad(at: 0, latency: 0)
    schedule.delivered(refreshInterval: 1)
    schedule.addViewableTime(2)
    #expect(!schedule.shouldLoad(at: 10, suspended: true))
    #expect(schedule.nextWakeTime(suspended: true, viewableFrom: 10) == nil, "nothing to wake for while suspended")
    #expect(schedule.shouldLoad(at: 10, suspended: false), "overdue: at once")
    _ = schedule.requestLoad(at: 10, latency: 0.2)
    #expect(!schedule.shouldLoad(at: 10, suspended: false))
  }
}
