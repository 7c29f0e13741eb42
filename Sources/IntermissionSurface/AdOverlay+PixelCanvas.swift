import IntermissionOverlay

extension AdOverlay {
  /// Draws the overlay into `pixels` (the banner, and a full-screen ad or the ad view when one is
  /// open), after `update(hostTime:)` in each frame; then take the frame (`takeFrame()`) and
  /// upload its dirty rectangle. Pixels keep their drawing from frame to frame: when the overlay
  /// has nothing new to show (`needsDisplay` false: a banner standing still), nothing is drawn,
  /// read or compared at all, and the frame's dirty rectangle stays empty.
  public func draw(on pixels: PixelCanvas) {
    guard needsDisplay || !pixels.hasDrawn else { return }
    pixels.drawFrame { draw(on: $0) }
  }
}
