import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import Testing

@Suite("Banner lifecycle")
struct AdBannerTests {
  let size = Size(width: 600, height: 400)

  @Test func startsOffscreenBelowTheBottomEdge() {
    let banner = AdBanner()
    #expect(banner.phase == .offscreen)
    #expect(!banner.isClickable && !banner.isOnScreen)
    #expect(banner.frame(in: size, at: 0).minY == 400)
  }

  @Test func slideInTakesAQuarterSecondAndOnlyThenIsClickable() {
    var banner = AdBanner()
    let started = banner.show(at: 1)
    let again = banner.show(at: 1.1)
    #expect(started)
    #expect(!again, "already showing")
    #expect(!banner.isClickable && banner.isOnScreen && banner.isAnimating)
    let early = banner.settle(at: 1.2)
    #expect(early == nil)
    #expect(abs(banner.visibility(at: 1.125) - 0.5) < 1e-9)
    let settled = banner.settle(at: 1.25)
    #expect(settled == .shown)
    #expect(banner.isClickable)
    #expect(banner.frame(in: size, at: 2) == Rect(x: 0, y: 350, width: 600, height: 50))
  }

  @Test func hidingMidSlideReversesFromWhereItIs() {
    var banner = AdBanner()
    _ = banner.show(at: 0)
    let before = banner.visibility(at: 0.2)
    let hiding = banner.hide(at: 0.2)
    #expect(hiding)
    #expect(abs(banner.visibility(at: 0.2) - before) < 1e-9, "no jump when the slide reverses")
    #expect(!banner.isClickable)
    let gone = banner.settle(at: 0.5)
    #expect(gone == .offscreen)
    #expect(!banner.isOnScreen)
  }

  @Test func heightIs50Or90ByWidth() {
    #expect(AdBanner.height(forWidth: 320) == 50)
    #expect(AdBanner.height(forWidth: 727.9) == 50)
    #expect(AdBanner.height(forWidth: 728) == 90)
  }
}
