import IntermissionOverlay

extension AdOverlay {
  /// Draws the overlay into `pixels` (the banner, and a full-screen ad or the ad view when one is
  /// open), after `update(hostTime:)` in each frame; then take the frame (`takeFrame()`) and
  /// upload its dirty rectangle.
  public func draw(on pixels: PixelCanvas) {
    pixels.drawFrame { draw(on: $0) }
  }
}
