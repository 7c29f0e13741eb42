import IntermissionAds
import IntermissionCore

/// An overlay that draws an `AdOverlay` in a way of its own (the host's `--overlay surface`): the
/// director's `adOverlay` finds the ad overlay inside it.
package protocol AdOverlayDrawing: Overlay {
  /// The ad overlay drawn.
  var ads: AdOverlay { get }
}

extension Director {
  /// The first `AdOverlay` among the director's overlays, if any: how a scene reaches the
  /// full-screen formats (`director?.adOverlay?.fullscreen.showRewarded(placement: "bonus_coins")`).
  public var adOverlay: AdOverlay? {
    for overlay in overlays {
      if let ads = overlay as? AdOverlay { return ads }
      if let drawing = overlay as? any AdOverlayDrawing { return drawing.ads }
    }
    return nil
  }
}
