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
    // The viewport is the whole target, in scaled coordinates.
    var viewport = SDL_Rect()
    SDL_RenderGetViewport(pointer, &viewport)
    let target = PixelRect(
      x: 0, y: 0, width: Int((Double(viewport.x + viewport.w) * scale.x).rounded()),
      height: Int((Double(viewport.y + viewport.h) * scale.y).rounded()))
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
