import IntermissionAds

/// The iAd callbacks (`ADBannerViewDelegate`), for a game that wants to know what its banner does.
///
/// Every method has a default that does nothing (and allows actions), so conformers implement only
/// what they need.
package protocol AdBannerDelegate: AnyObject {
  /// A new ad was loaded (`bannerViewDidLoadAd:`).
  func bannerDidLoadAd(_ ad: AdCreative)

  /// No ad could be received (`bannerView:didFailToReceiveAdWithError:`).
  func bannerDidFailToReceiveAd(error: AdError)

  /// The player clicked the banner; return true to let the action run
  /// (`bannerViewActionShouldBegin:willLeaveApplication:`). If `willLeaveApplication` is false the
  /// action runs inside the game, which should pause.
  func bannerActionShouldBegin(_ ad: AdCreative, willLeaveApplication: Bool) -> Bool

  /// The action ended (`bannerViewActionDidFinish:`); resume whatever was paused for it.
  func bannerActionDidFinish(_ ad: AdCreative)

  /// An ad's viewable impression counted: at least half of the banner was in view, uncovered, for a
  /// continuous second (`Viewability`); at most once per display.
  func bannerDidRecordImpression(_ ad: AdCreative)

  /// An ad was clicked.
  func bannerDidRecordClick(_ ad: AdCreative)
}

extension AdBannerDelegate {
  package func bannerDidLoadAd(_ ad: AdCreative) {}
  package func bannerDidFailToReceiveAd(error: AdError) {}
  package func bannerActionShouldBegin(_ ad: AdCreative, willLeaveApplication: Bool) -> Bool { true }
  package func bannerActionDidFinish(_ ad: AdCreative) {}
  package func bannerDidRecordImpression(_ ad: AdCreative) {}
  package func bannerDidRecordClick(_ ad: AdCreative) {}
}
