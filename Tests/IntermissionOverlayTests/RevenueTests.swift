import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionTestSupport
import Testing

/// What each paid impression earned: `ad.revenue` right after its `impression`, in the same
/// frame, and `AdOverlay.onRevenue` once, for each source of ads; and its amounts, exact decimals.
@Suite("Revenue at each impression")
struct RevenueTests {
  /// A bought ad, as an OpenRTB source makes one: its price exact, in its response's currency.
  struct BoughtSource: AdSource {
    final class Picture: DecodedImage {
      let pixelWidth = 300
      let pixelHeight = 200
    }
    var price: AdPrice

    func loadAd(sequence: Int) -> Result<LoadedAd, AdError> {
      var ad = AdCreative(id: "bid-7", imagePath: "https://ads.example/a.png", title: "Starfall", action: .inApp)
      ad.price = price
      return .success(LoadedAd(creative: ad, image: Picture()))
    }
    var loadTimeout: Double { 5 }
    var name: String { "bought" }
  }

  /// The trace lines from the impression on, and what the handler heard.
  static func impression(of harness: OverlayHarness) -> (lines: [String], heard: [AdRevenue]) {
    var heard: [AdRevenue] = []
    harness.overlay.onRevenue = { heard.append($0) }
    harness.run(until: 3)
    let lines = harness.output.lines.drop { !$0.contains(#""event":"impression""#) }
    return (Array(lines.prefix(2)), heard)
  }

  @Test func aBoughtAdsImpressionIsFollowedByItsExactRevenueInTheSameFrame() throws {
    let price = AdPrice(cpm: 1.005, currency: "EUR", precision: .exact, source: .openrtb, seat: "pbs", crid: "cr-1")
    let h = try OverlayHarness(latency: 0, source: BoughtSource(price: price))
    let (lines, heard) = Self.impression(of: h)
    try #require(lines.count == 2)
    let frame = lines[0].prefix { $0 != "," }
    #expect(lines[0].hasSuffix(#""event":"impression","id":"bid-7"}"#), "\(lines)")
    #expect(
      lines[1] == frame + #","time":1.133333,"event":"ad.revenue","format":"banner","id":"bid-7","source":"openrtb","#
        + #""seat":"pbs","crid":"cr-1","cpm":1.005000,"revenue":"0.001005","currency":"EUR","precision":"exact"}"#,
      "\(lines)")
    #expect(heard.count == 1)
    #expect(heard.first?.revenue == Micros(1005) && heard.first?.cpm == Micros(1_005_000))
    #expect(heard.first?.currency == "EUR" && heard.first?.precision == .exact && heard.first?.placement == nil)
    // Once per impression: more frames on the same display add none.
    h.run(until: 6)
    #expect(heard.count == 1 && h.lines(containing: #""event":"ad.revenue""#).count == 1)
  }

  @Test func aHouseAdsStatedCPMIsPublisherProvidedAndOneWithoutIsWorthNothingKnown() throws {
    for (cpm, revenue, precision) in [(", \"cpm\": 2.5", "0.002500", "publisherProvided"), ("", "0.000000", "none")] {
      let folder = try AdFolder()
      try folder.writePNG("a.png")
      try folder.writeManifest(
        #"{ "ads": [{ "id": "a", "image": "a.png", "title": "A", "action": "in-app"\#(cpm) }] }"#)
      let h = try OverlayHarness(folder: folder, latency: 0)
      let (lines, heard) = Self.impression(of: h)
      #expect(
        lines.last?.hasSuffix(
          #""event":"ad.revenue","format":"banner","id":"a","source":"manifest","cpm":"#
            + (cpm.isEmpty ? "0.000000" : "2.500000") + #","revenue":"\#(revenue)","currency":"USD","#
            + #""precision":"\#(precision)"}"#) == true, "\(lines)")
      #expect(heard.map(\.revenue.description) == [revenue])
      #expect(heard.map(\.precision) == [cpm.isEmpty ? .unknown : .publisherProvided])
      #expect(heard.map(\.precision.rawValue) == [precision])
    }
  }

  @Test func aFullscreenAdsRevenueCarriesItsFormatAndPlacementBeforeAnyClick() throws {
    let h = try OverlayHarness(folder: AdFolder.withFullscreen(), latency: 0) {
      $0.pacing.sessionStartDelay = 0
    }
    var heard: [AdRevenue] = []
    h.overlay.onRevenue = { heard.append($0) }
    h.run(until: 1)
    let before = heard.count
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus_coins") == nil)
    h.frames(90)
    let lines = h.output.lines
    let impression = try #require(
      lines.firstIndex { $0.contains(#""event":"impression","format":"rewarded""#) }, "\(lines)")
    let revenue = lines[impression + 1]
    #expect(
      revenue.contains(
        #""event":"ad.revenue","format":"rewarded","placement":"bonus_coins","id":"r","source":"manifest","#),
      "\(revenue)")
    #expect(revenue.prefix { $0 != "," } == lines[impression].prefix { $0 != "," }, "the same frame")
    #expect(heard.dropFirst(before).map(\.format) == [.rewarded] && heard.last?.placement == "bonus_coins")
  }

  @Test(arguments: [
    ("0.1", "0.000100"), ("1.005", "0.001005"), ("123456.789", "123.456789"), ("2", "0.002000"),
    ("1.2345675", "0.001235"), ("1.2345674", "0.001235"), ("1.2345664", "0.001235"), ("0.0004", "0.000000"),
    ("0.0005", "0.000001"), ("2.5e3", "2.500000"), ("1e-05", "0.000000"), ("1E2", "0.100000"), ("0", "0.000000"),
  ])
  func revenueIsTheExactDecimalOfItsCPMOverAThousand(cpm: String, revenue: String) throws {
    let micros = try #require(Micros(decimal: cpm, dividedByPowerOfTen: 3))
    #expect(micros.description == revenue)
  }

  @Test func pricesAsBidsWriteThemAreReadExactlyAndNonsenseIsNot() throws {
    for (price, revenue) in [(0.1, "0.000100"), (1.005, "0.001005"), (123456.789, "123.456789"), (0.3, "0.000300")] {
      let ad = AdCreative(id: "x", imagePath: "", title: "", action: .inApp)
      var priced = ad
      priced.price = AdPrice(cpm: price, precision: .exact, source: .openrtb)
      #expect(AdRevenue(impressionOf: priced, format: .banner, placement: nil).revenue.description == revenue)
    }
    for text in ["", ".", "1.2.3", "abc", "1e", "1e999", "--1", "99999999999999999999"] {
      #expect(Micros(decimal: text) == nil, "\(text)")
    }
    #expect(Micros(decimal: "-2.5")?.description == "-2.500000")
    #expect((Micros(1) + Micros(Int64.max)) == nil && (Micros(1) + Micros(2)) == Micros(3))
  }

  @Test func aPriceThatIsNoCPMIsWorthNothingKnownNeverZeroAndExact() throws {
    for cpm in [9e15, 1_000_000.5, -1, .infinity, .nan] {
      var ad = AdCreative(id: "x", imagePath: "", title: "", action: .inApp)
      ad.price = AdPrice(cpm: cpm, precision: .exact, source: .openrtb)
      let earned = AdRevenue(impressionOf: ad, format: .banner, placement: nil)
      #expect(earned.precision == .unknown && earned.cpm == .zero && earned.revenue == .zero, "\(cpm)")
    }
    var top = AdCreative(id: "x", imagePath: "", title: "", action: .inApp)
    top.price = AdPrice(cpm: PriceFloor.maximum, precision: .exact, source: .openrtb)
    let earned = AdRevenue(impressionOf: top, format: .banner, placement: nil)
    #expect(
      earned.precision == .exact && earned.cpm == Micros(1_000_000_000_000) && earned.revenue == Micros(1_000_000_000))
  }

  /// A store that remembers how many trace lines there were when each event was recorded.
  final class CountingStore: RevenueStore {
    var events: [AdRevenue] = []
    var linesAtRecord: [Int] = []
    var lineCount: () -> Int = { 0 }
    func record(_ revenue: AdRevenue) throws {
      events.append(revenue)
      linesAtRecord.append(lineCount())
    }
    func pending() throws -> [AdRevenue] { events }
    func remove(eventID: String) throws { events.removeAll { $0.eventID == eventID } }
  }

  @Test func anEventIsStoredBeforeItsImpressionIsTracedAndLeavesTheStoreOnceHandedOver() throws {
    let store = CountingStore()
    let price = AdPrice(cpm: 4, precision: .exact, source: .openrtb, seat: "s", crid: "c")
    let h = try OverlayHarness(latency: 0, source: BoughtSource(price: price))
    // The trace's output, not the harness: the overlay keeps the store, so the harness would leak.
    let output = h.output
    store.lineCount = { output.lines.count }
    h.overlay.revenueStore = store
    var storedWhenHandedOver: [Int] = []
    h.overlay.onRevenue = { _ in storedWhenHandedOver.append(store.events.count) }
    h.run(until: 3)
    let impression = try #require(h.output.lines.firstIndex { $0.contains(#""event":"impression""#) })
    #expect(store.linesAtRecord == [impression], "recorded before the impression line")
    #expect(storedWhenHandedOver == [1], "still stored while the handler runs")
    #expect(store.events.isEmpty, "handed over: removed")
  }

  @Test func eventsLeftByAKilledLaunchComeFirstMarkedPendingAndOnlyOnce() throws {
    let store = CountingStore()
    let left = AdRevenue(
      eventID: "e-left", format: .interstitial, placement: "level_end", id: "old", source: .openrtb, seat: "s",
      crid: "c", cpm: Micros(3_000_000), revenue: Micros(3000), currency: "USD", precision: .exact)
    try store.record(left)
    let h = try OverlayHarness(latency: 0, source: BoughtSource(price: AdPrice()))
    var heard: [String] = []
    h.overlay.onRevenue = { heard.append($0.eventID) }
    h.overlay.revenueStore = store
    h.run(until: 3)
    let revenue = h.lines(containing: #""event":"ad.revenue""#)
    #expect(revenue.count == 2, "\(revenue)")
    #expect(
      revenue.first?.hasSuffix(
        #""event":"ad.revenue","format":"interstitial","placement":"level_end","id":"old","source":"openrtb","#
          + #""seat":"s","crid":"c","cpm":3.000000,"revenue":"0.003000","currency":"USD","precision":"exact","#
          + #""pending":true}"#) == true, "\(revenue)")
    #expect(revenue.first?.hasPrefix(#"{"frame":0,"#) == true, "at the first update")
    #expect(heard.first == "e-left" && heard.count == 2 && store.events.isEmpty)
  }
}
