import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionNet
import IntermissionOpenRTB
import IntermissionOverlay
import IntermissionSDL
import IntermissionTestSupport
import Testing

extension OpenRTBDeliveryTests {
  /// The demand file's floor goes with the first request; one the game sets at run time
  /// (`AdOverlay.setFloor(_:for:)`) with the next request of its format, as the server receives them.
  @Test func aFloorSetAtRunTimeIsCarriedByTheNextRequestOfItsFormat() throws {
    let responder = try OpenRTBResponder(case: "nobid")
    let runner = try ProgramRunner()
    let demand = try responder.writeDemandFile(in: runner.folder, members: #", "floors": {"banner": 0.5}"#)
    let source = AdSources.forManifest(
      demand, client: HTTPClient(), decoder: SDLImageDecoder(), cacheFolder: nil, fallbackManifest: nil, isTest: true)
    let overlay = AdOverlay(
      pauseTarget: PauseGate(), loader: AdLoader(source: source), configuration: AdOverlay.Configuration(),
      trace: Trace(output: nil), urlOpener: RecordingOpener())
    _ = source.loadAd(sequence: 0, format: .banner)
    #expect(overlay.setFloor(2.25, for: .banner))
    for refused in [-1, .infinity, .nan, PriceFloor.maximum * 2] {
      #expect(!overlay.setFloor(refused, for: .banner), "\(refused)")
    }
    _ = source.loadAd(sequence: 1, format: .banner)
    #expect(overlay.setFloor(0, for: .banner))
    _ = source.loadAd(sequence: 2, format: .banner)
    let imps = responder.bidRequests.compactMap(\.json).map { ($0["imp"] as? [[String: Any]])?.first ?? [:] }
    try #require(imps.count == 3)
    #expect(imps.map { $0["bidfloor"] as? Double } == [0.5, 2.25, nil])
    #expect(imps.map { $0["bidfloorcur"] as? String } == ["USD", "USD", nil])
  }
}
