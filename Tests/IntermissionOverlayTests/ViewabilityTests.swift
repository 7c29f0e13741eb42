import IntermissionAds
import IntermissionCore
import Testing

@Suite("Viewable impressions")
struct ViewabilityTests {
  @Test func ninetyHundredthsVisibleThenCoveredThenVisibleAgainIsNoImpression() {
    var viewability = Viewability()
    var changes: [Viewability.Change] = []
    func step(_ from: Double, _ to: Double, _ obstruction: Viewability.Obstruction?) {
      var time = from
      while time <= to + 1e-9 {
        if let change = viewability.update(at: time, obstruction: obstruction) { changes.append(change) }
        time += 0.01
      }
    }
    step(0, 0.9, nil)
    step(0.91, 1.2, .covered)
    step(1.21, 2.11, nil)
    #expect(changes == [.started, .stopped(.covered), .started], "no impression: never a continuous second")
    step(2.12, 2.3, nil)
    #expect(changes.last == .impression, "a whole continuous second: it counts")
    step(2.31, 6, nil)
    step(6.01, 7, .minimized)
    step(7.01, 9, nil)
    #expect(changes.filter { $0 == .impression }.count == 1, "at most once per display")
    #expect(viewability.beginDisplay() == .stopped(.rotated))
    step(9.01, 10.2, nil)
    #expect(changes.filter { $0 == .impression }.count == 2, "the next display counts again")
  }

  @Test func theVisibleShareIsThePartOfTheBannerInsideTheWindow() {
    #expect(Viewability.visibleShare(of: Rect(x: 0, y: 550, width: 800, height: 50), inViewOfHeight: 600) == 1)
    #expect(Viewability.visibleShare(of: Rect(x: 0, y: 575, width: 800, height: 50), inViewOfHeight: 600) == 0.5)
    #expect(Viewability.visibleShare(of: Rect(x: 0, y: 590, width: 800, height: 50), inViewOfHeight: 600) == 0.2)
    #expect(Viewability.visibleShare(of: Rect(x: 0, y: 600, width: 800, height: 50), inViewOfHeight: 600) == 0)
  }

  @Test func duringTheSlideOnlyTheVisiblePartCounts() throws {
    let h = try OverlayHarness(latency: 0)
    h.frames(8)  // frames 0 to 7: less than half of the banner is in
    let share = Viewability.visibleShare(of: h.overlay.bannerFrame, inViewOfHeight: 600)
    #expect(share < 0.5 && !h.events.contains("viewable.start"), "share \(share)")
    h.frame()  // frame 8: past half
    #expect(Viewability.visibleShare(of: h.overlay.bannerFrame, inViewOfHeight: 600) >= 0.5)
    #expect(h.summary.last == "8 viewable.start")
    h.run(until: 8.0 / 60 + 0.99)
    #expect(!h.events.contains("impression"))
    h.frame()
    #expect(h.summary.suffix(2) == ["68 impression", "68 ad.revenue"], "one second of host time after the start")
  }

  @Test func theCounterExampleThroughTheOverlay() throws {
    let h = try OverlayHarness(latency: 0)
    // Visible from frame 8 to 61 (0.9 s), then covered by the ad view, then visible again for 0.9 s.
    h.run(until: 62.0 / 60)
    h.clickBanner()
    h.run(until: 2)
    h.send(.keyDown(.escape))
    h.frames(55)
    h.clickBanner()
    h.frames(10)
    #expect(!h.events.contains("impression"), "\(h.summary)")
    #expect(h.lines(containing: "viewable.stop").allSatisfy { $0.contains(#""reason":"covered""#) })
    #expect(h.events.filter { $0 == "viewable.stop" }.count == 2)
    h.send(.keyDown(.escape))
    h.run(until: 5)
    #expect(h.events.filter { $0 == "impression" }.count == 1, "a continuous second later, once")
  }

  @Test func minimisedHiddenOrKeptAwayIsNotViewable() throws {
    let h = try OverlayHarness(latency: 0)
    h.run(until: 0.5)
    h.director.hold(.window)
    h.run(until: 3)
    #expect(!h.events.contains("impression"), "minimised: no impression")
    #expect(h.lines(containing: "viewable.stop").last?.contains(#""reason":"minimized""#) == true)
    h.director.release(.window)
    h.frame()
    #expect(h.events.last == "viewable.start")
    h.overlay.isBannerHidden = true
    h.frames(10)
    #expect(h.lines(containing: "viewable.stop").last?.contains(#""reason":"offscreen""#) == true)
    h.overlay.isBannerHidden = false
    h.run(until: 6)
    #expect(h.events.filter { $0 == "impression" }.count == 1)
    h.pushGameplay()
    h.frames(20)
    #expect(h.events.last == "viewable.stop" && h.lines(containing: "viewable.stop").last!.contains("offscreen"))
  }
}
