import IntermissionAds
import Testing

@Suite("Ad load schedule")
struct AdLoadScheduleTests {
  @Test func firstLoadAtOnceThenOneRefreshAfterEachDelivery() {
    var schedule = AdLoadSchedule()
    #expect(schedule.shouldLoad(at: 0, suspended: true), "the first load starts even when suspended")
    #expect(schedule.requestLoad(at: 0, latency: 0.5) == 0)
    #expect(!schedule.shouldLoad(at: 0.1, suspended: false), "one load at a time")
    #expect(!schedule.isDue(at: 0.4) && schedule.isDue(at: 0.5))
    #expect(schedule.nextWakeTime(suspended: false) == 0.5)
    schedule.delivered(at: 0.5, refreshInterval: 30)
    #expect(schedule.nextWakeTime(suspended: false) == 30.5)
    #expect(!schedule.shouldLoad(at: 30.4, suspended: false) && schedule.shouldLoad(at: 30.5, suspended: false))
    #expect(schedule.requestLoad(at: 30.5, latency: 0.5) == 1, "the rotation moves on")
  }

  @Test func aSuspendedRotationWaitsAndRunsOnceWhenItEnds() {
    var schedule = AdLoadSchedule()
    _ = schedule.requestLoad(at: 0, latency: 0)
    schedule.delivered(at: 0, refreshInterval: 1)
    #expect(!schedule.shouldLoad(at: 10, suspended: true))
    #expect(schedule.nextWakeTime(suspended: true) == nil, "nothing to wake for while suspended")
    #expect(schedule.shouldLoad(at: 10, suspended: false), "overdue: at once")
    _ = schedule.requestLoad(at: 10, latency: 0.2)
    #expect(!schedule.shouldLoad(at: 10, suspended: false))
  }
}
