import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionNet
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// The runner-up bids of an OpenRTB load, against the loopback responder: tried only within the
/// load's deadline, and told truthfully what became of them.
@Suite("OpenRTB runner-up bids")
struct OpenRTBFallbackTests {
  /// Loads a banner from `responder` with `source`'s clock reading `times` in turn (then the last
  /// forever), delivers what the load reported through a beacon queue, and returns the load's
  /// outcome, the reports and every GET the responder received, byte for byte.
  func load(_ responder: OpenRTBResponder, clock times: [Double]) throws -> (
    Result<LoadedAd, AdError>, [SourceReport], [String]
  ) {
    let runner = try ProgramRunner()
    let demand = try responder.writeDemandFile(in: runner.folder)
    let source = try #require(
      AdSources.forManifest(
        demand, client: HTTPClient(), decoder: SDLImageDecoder(), cacheFolder: nil, fallbackManifest: nil,
        isTest: true) as? OpenRTBSource)
    let readings = Locked(times)
    source.clock = { readings.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } }
    let outcome = source.loadAd(sequence: 0, format: .banner)
    let reports = source.takeReports(for: .banner)
    let queue = BeaconQueue(
      path: runner.path("beacons.sqlite"), client: HTTPClient(), clock: { 1000 }, waitsForAttempts: true)
    for case .notice(let beacon) in reports { queue.record(beacon) }
    queue.update(at: 0) { _ in }
    return (outcome, reports, responder.requests.filter { $0.method == "GET" }.map(\.target))
  }

  @Test func aRunnerUpIsNotTriedOnceTheLoadsDeadlineLeavesNoTimeForItAndHearsTwo() throws {
    let responder = try OpenRTBResponder(case: "fallback-image")
    // The load starts at 0; its first bid's image fails, and the clock then reads a day later.
    let (outcome, reports, received) = try load(responder, clock: [0, 86_400])
    guard case .failure(let error) = outcome else {
      Issue.record("a runner-up was tried after the deadline: \(outcome)")
      return
    }
    #expect(error.description.hasSuffix("/missing/creative.png: HTTP 404"), "\(error)")
    let told = reports.map { report in
      switch report {
      case .notice(let beacon): "\(beacon.kind.rawValue) \(beacon.adID)"
      case .bidRefused(let id, _): "refused \(id)"
      }
    }
    #expect(told == ["refused broken", "loss broken", "loss good", "loss low"])
    // Only the bid tried was asked for its image; none lost to a higher bid, for none was shown.
    #expect(
      received == ["/missing/creative.png", "/loss?b=broken&r=3&p=", "/loss?b=good&r=2&p=", "/loss?b=low&r=2&p="],
      "\(received)")
  }

  @Test func withTimeLeftTheRunnerUpLoadsAndOnlyTheBidBelowItHearsOneHundredTwo() throws {
    let responder = try OpenRTBResponder(case: "fallback-image")
    let (outcome, _, received) = try load(responder, clock: [0])
    #expect((try? outcome.get())?.creative.id == "good", "\(outcome)")
    #expect(
      received == ["/missing/creative.png", "/creative.png", "/loss?b=broken&r=3&p=", "/loss?b=low&r=102&p="],
      "\(received)")
  }
}
