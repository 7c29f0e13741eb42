import CSDL2
import IntermissionCore

extension Renderer {
  /// Adds to `drawnBounds`, when tracked, the pixels a drawing into `rect` (in the renderer's
  /// scaled coordinates; nil for the whole target) may change: the rectangle at the current scale,
  /// inside the clip and the target.
  func noteDrawing(in rect: Rect?) {
    guard let bounds = drawnBounds else { return }
    var scaleX: Float = 1
    var scaleY: Float = 1
    SDL_RenderGetScale(pointer, &scaleX, &scaleY)
    let scale = (x: Double(scaleX), y: Double(scaleY))
    // The whole target in pixels: its texture's size (the viewport, in scaled coordinates, is
    // rounded down by SDL and would lose the last column or row at a fractional scale).
    var width: CInt = 0
    var height: CInt = 0
    if let texture = SDL_GetRenderTarget(pointer) {
      if SDL_QueryTexture(texture, nil, nil, &width, &height) != 0 { width = 0 }
    } else if SDL_GetRendererOutputSize(pointer, &width, &height) != 0 {
      width = 0
    }
    let target = PixelRect(x: 0, y: 0, width: Int(width), height: Int(height))
    var area = rect.map { PixelRect(covering: $0, scale: scale) } ?? target
    if SDL_RenderIsClipEnabled(pointer) == SDL_TRUE {
      var clip = SDL_Rect()
      SDL_RenderGetClipRect(pointer, &clip)
      let clipped = Rect(x: Double(clip.x), y: Double(clip.y), width: Double(clip.w), height: Double(clip.h))
      area = area.intersection(PixelRect(covering: clipped, scale: scale))
    }
    drawnBounds = bounds.union(area.intersection(target))
  }
}
