import IntermissionAds
import IntermissionCore
import IntermissionOverlay

/// Where and when a headless test can click the banner, from the window's size and the overlay's
/// timing, so that tests need no magic numbers.
///
/// - The banner is 90 points high at widths of 728 and up, 50 below, across the whole width at the
///   bottom: its centre in a 960x640 window is (480, 595).
/// - It can first be clicked once its ad has loaded (the latency, 0.5 s by default), it has slid in
///   (0.25 s) and the click guard after that has passed (0.5 s): 1.25 s after the start by default.
public struct BannerTiming: Hashable, Sendable {
  /// The window's size in points.
  public var windowSize: Size
  /// The overlay's timing.
  public var configuration: AdOverlay.Configuration

  /// The timing of a banner in a window of `windowSize` with `configuration`.
  public init(windowSize: Size, configuration: AdOverlay.Configuration = AdOverlay.Configuration()) {
    self.windowSize = windowSize
    self.configuration = configuration
  }

  /// The middle of the banner once it is in, in window coordinates.
  public var bannerCenter: Point {
    let height = AdBanner.height(forWidth: windowSize.width)
    return Point(x: (windowSize.width / 2).rounded(.down), y: (windowSize.height - height / 2).rounded(.down))
  }

  /// The earliest host time at which a click on the banner is taken: the first ad's latency, the
  /// slide-in, then the click guard.
  public var firstClickableTime: Double {
    configuration.latency + AdBanner.animationDuration + configuration.clickGuard
  }

  /// A script line clicking the banner's centre at `time` (`"1.5 click 480 595\n"`).
  public func clickBanner(at time: Double) -> String {
    "\(time) click \(Int(bannerCenter.x)) \(Int(bannerCenter.y))\n"
  }
}
