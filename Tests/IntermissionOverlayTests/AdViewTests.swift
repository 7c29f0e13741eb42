import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionTestSupport
import Testing

/// The in-app ad view as a landing page: the creative at its own size, a call to action that does
/// something real when there is somewhere to go, and every way out a player expects.
@Suite("Ad view")
struct AdViewTests {
  /// A harness whose first ad (in-app) has a landing URL and a description, or neither.
  func harness(landing: Bool) throws -> OverlayHarness {
    let folder = try AdFolder.standard()
    let extra =
      landing ? #", "url": "https://example.com/a", "description": "A game about squares. Catch them all.""# : ""
    try folder.writeManifest(
      #"{"ads": [{ "id": "a", "image": "a.png", "title": "Ad A", "action": "in-app"\#(extra) }]}"#)
    let h = try OverlayHarness(folder: folder, latency: 0)
    h.run(until: 1.0)
    h.clickBanner()
    #expect(h.overlay.isAdViewOpen && !h.director.isRunning)
    return h
  }

  @Test func tabAndReturnOpenTheLandingPageWithoutClosingTheViewThenClose() throws {
    let h = try harness(landing: true)
    h.send(.keyDown(.tab))  // the call to action
    h.send(.keyDown(.returnKey))
    #expect(h.opener.opened == ["https://example.com/a"])
    #expect(Array(h.events.suffix(2)) == ["cta.clicked", "url.opened"])
    #expect(h.overlay.isAdViewOpen && !h.director.isRunning, "the view stays open; the game stays paused")
    h.send(.keyDown(.tab))  // Close
    h.send(.keyDown(.returnKey))
    #expect(!h.overlay.isAdViewOpen && h.director.isRunning)
  }

  @Test func theCallToActionIsDrawnAndClickableOnlyWithALandingURL() throws {
    let h = try harness(landing: true)
    h.canvas.reset()
    h.frame()
    #expect(h.canvas.texts.contains(AdView.callToActionTitle))
    #expect(h.canvas.texts.contains { $0.hasPrefix("A game about squares") }, "the description is shown")
    let size = h.director.viewSize
    let image = AdView.imageFrame(in: size, imageSize: Size(width: 728, height: 90))  // the fixtures' creative
    let cta = AdView.callToActionFrame(in: size, below: image)
    h.click(Point(x: cta.midX, y: cta.midY))
    #expect(h.opener.opened == ["https://example.com/a"])

    let plain = try harness(landing: false)
    plain.canvas.reset()
    plain.frame()
    #expect(!plain.canvas.texts.contains(AdView.callToActionTitle))
    plain.click(Point(x: cta.midX, y: cta.midY))
    #expect(plain.opener.opened.isEmpty && plain.overlay.isAdViewOpen)
    plain.send(.keyDown(.tab))  // only Close to focus
    plain.send(.keyDown(.returnKey))
    #expect(!plain.overlay.isAdViewOpen)
  }

  @Test(arguments: [Size(width: 200, height: 150), Size(width: 960, height: 640), Size(width: 2560, height: 1440)])
  func closeIsAtLeast44PointsAndTheCreativeKeepsItsAspectAndSize(size: Size) {
    let close = AdView.closeButtonFrame(in: size)
    #expect(close.width >= 44 && close.height >= 44)
    #expect(close.maxX <= size.width && close.minX >= 0)
    let image = AdView.imageFrame(in: size, imageSize: Size(width: 1456, height: 180))
    #expect(abs(image.width / image.height - 1456.0 / 180.0) < 0.01, "aspect kept: \(image)")
    #expect(image.width <= 728, "never larger than its own size in points")
    #expect(!image.intersects(close))
  }

  @Test func escapeClosesAndTheViewIsModal() throws {
    let h = try harness(landing: true)
    h.send(.keyDown(.character("p")))
    #expect(!h.director.holds.contains(.user), "the pause control gets nothing while the view is open")
    h.send(.keyDown(.escape))
    #expect(!h.overlay.isAdViewOpen && h.director.isRunning)
  }

  @Test(arguments: [200.0, 320.0, 728.0, 960.0])
  func theBannersCreativeKeepsClearOfTheAdLabel(width: Double) {
    let height = AdBanner.height(forWidth: width)
    let frame = Rect(x: 0, y: 500, width: width, height: height)
    let creative = AdOverlay.creativeFrame(in: frame, imageSize: Size(width: 1456, height: 180))
    #expect(creative.minX >= AdOverlay.labelWidth, "the label is at x 6 to \(AdOverlay.labelWidth): \(creative)")
    #expect(creative.maxX <= width && abs(creative.width / creative.height - 1456.0 / 180) < 0.01)
  }
}
