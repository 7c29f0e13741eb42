import IntermissionAds
import IntermissionCore
import IntermissionTestSupport
import Testing

/// A beacon delivery that counts how often it was told to get ready, and the beacons that came
/// before that.
private final class PreparationCounter: BeaconDelivery {
  private(set) var preparations = 0
  private(set) var recordedBeforePreparing = 0
  func record(_ beacon: Beacon) throws { if preparations == 0 { recordedBeforePreparing += 1 } }
  func update(at hostTime: Double, report: (BeaconOutcome) -> Void) {}
  var nextWakeTime: Double? { nil }
  func prepareToRecord() { preparations += 1 }
}

/// The overlay tells its beacon delivery that beacons are coming at its first update, before any
/// load's result, so that a durable queue makes its file off the loop before the first beacon.
@Suite("Beacon preparation")
struct BeaconPreparationTests {
  @Test func theDeliveryIsToldOnceAtTheFirstUpdateBeforeAnyBeacon() throws {
    let h = try OverlayHarness(folder: try AdFolder.withVideos(), latency: 0.5)
    let counter = PreparationCounter()
    h.overlay.beacons = counter
    #expect(counter.preparations == 0, "not before the first update")
    h.frame()
    #expect(counter.preparations == 1, "told at the first update, before any ad")
    h.run(until: 5)
    #expect(counter.preparations == 1, "told once")
    #expect(counter.recordedBeforePreparing == 0)
    let other = PreparationCounter()
    h.overlay.beacons = other
    h.frame()
    #expect(other.preparations == 1, "a delivery set later hears it at the next update")
  }
}
