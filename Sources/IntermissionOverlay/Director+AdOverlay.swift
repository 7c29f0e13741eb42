import IntermissionAds
import IntermissionCore

extension Director {
  /// The first `AdOverlay` among the director's overlays, if any: how a scene reaches the
  /// full-screen formats (`director?.adOverlay?.fullscreen.showRewarded(placement: "bonus_coins")`).
  public var adOverlay: AdOverlay? {
    for overlay in overlays {
      if let ads = overlay as? AdOverlay { return ads }
    }
    return nil
  }
}
