import CSDL2
import IntermissionCore

/// An SDL renderer for a window: either one it created, which it owns and destroys in `deinit`, or
/// a game's own, which it borrows and never destroys.
package final class Renderer {
  let pointer: OpaquePointer
  /// Keeps what it draws on (the window, and SDL; or a surface) alive for as long as it lives.
  let drawsOn: AnyObject
  /// Whether the renderer is its own (destroyed with it) rather than a game's, borrowed.
  let ownsPointer: Bool
  /// Whether it draws on a surface, not a window: it and its textures outlive SDL's video
  /// subsystem (which it never needed), and are destroyed with their owners whatever the game did.
  let isOffscreen: Bool
  /// While tracked (not nil), the pixels of the target that drawing since `drawnBounds` was last
  /// set may have changed (`Renderer+DrawnBounds.swift`).
  package var drawnBounds: PixelRect?

  /// Creates a renderer for `window`: the software renderer when `software` is true, otherwise the
  /// best accelerated one with the software renderer as fallback. Render targets are required.
  /// - Throws: `SDLError` from `SDL_CreateRenderer`.
  package init(window: Window, software: Bool) throws {
    drawsOn = window
    ownsPointer = true
    isOffscreen = false
    let target = SDL_RENDERER_TARGETTEXTURE.rawValue
    if software {
      pointer = try SDLCall.nonNil(
        SDL_CreateRenderer(window.pointer, -1, SDL_RENDERER_SOFTWARE.rawValue | target), "SDL_CreateRenderer")
    } else if let accelerated = SDL_CreateRenderer(window.pointer, -1, SDL_RENDERER_ACCELERATED.rawValue | target) {
      pointer = accelerated
    } else {
      pointer = try SDLCall.nonNil(
        SDL_CreateRenderer(window.pointer, -1, SDL_RENDERER_SOFTWARE.rawValue | target), "SDL_CreateRenderer")
    }
    SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_BLEND)
  }

  /// Wraps a renderer the game created for `window` (an `SDL_Renderer *`), without taking it over.
  /// Drawing through it sets its draw colour, blend mode, clip and scale, as any SDL drawing does.
  package init(borrowing pointer: OpaquePointer, window: Window) {
    self.pointer = pointer
    drawsOn = window
    ownsPointer = false
    isOffscreen = false
  }

  /// Creates SDL's software renderer drawing into `surface` (or into the target textures it is
  /// given): no window and no video subsystem needed.
  /// - Throws: `SDLError` from `SDL_CreateSoftwareRenderer`.
  init(softwareDrawingInto surface: Surface) throws {
    pointer = try SDLCall.nonNil(SDL_CreateSoftwareRenderer(surface.pointer), "SDL_CreateSoftwareRenderer")
    drawsOn = surface
    ownsPointer = true
    isOffscreen = true
    SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_BLEND)
  }

  deinit { if ownsPointer { SDL_DestroyRenderer(pointer) } }

  /// The renderer's name (`software`, `opengl`, ...).
  package var name: String {
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(pointer, &info)
    return info.name.map { String(cString: $0) } ?? "unknown"
  }

  /// Whether it is SDL's software renderer, whose textures are surfaces in memory.
  package var isSoftware: Bool {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(pointer, &info) == 0 else { return false }
    return info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
  }

  /// The size of the output in pixels, which differs from the window size on HiDPI displays.
  package var outputSize: (width: Int, height: Int) {
    var width: CInt = 0
    var height: CInt = 0
    SDL_GetRendererOutputSize(pointer, &width, &height)
    return (Int(width), Int(height))
  }

  /// Scales drawing coordinates by `x`, `y` (pixels per window point).
  package func setScale(x: Double, y: Double) {
    SDL_RenderSetScale(pointer, Float(x), Float(y))
  }

  /// Draws into `texture`, or into the window with `nil`.
  /// - Throws: `SDLError` from `SDL_SetRenderTarget`.
  package func setTarget(_ texture: Texture?) throws {
    try SDLCall.check(SDL_SetRenderTarget(pointer, texture?.pointer), "SDL_SetRenderTarget")
  }

  /// Sets the colour for fills and clears. An opaque colour draws without blending: SDL's software
  /// renderer would otherwise blend every pixel of a fill even at full alpha.
  package func setDrawColor(_ color: Color) {
    SDL_SetRenderDrawColor(pointer, color.red, color.green, color.blue, color.alpha)
    SDL_SetRenderDrawBlendMode(pointer, color.alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
  }

  /// Clears the target with the draw colour.
  package func clear() {
    noteDrawing(in: nil)
    SDL_RenderClear(pointer)
  }

  /// Fills `rect` (in scaled coordinates) with the draw colour.
  package func fill(_ rect: Rect) {
    noteDrawing(in: rect)
    var frect = SDL_FRect(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
    SDL_RenderFillRectF(pointer, &frect)
  }

  /// Copies all of `texture` into `rect`, or over the whole target with `nil`.
  package func copy(_ texture: Texture, to rect: Rect?) {
    noteDrawing(in: rect)
    if let rect {
      var frect = SDL_FRect(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
      SDL_RenderCopyF(pointer, texture.pointer, nil, &frect)
    } else {
      SDL_RenderCopyF(pointer, texture.pointer, nil, nil)
    }
  }

  /// Restricts drawing to `rect` (in scaled coordinates), or lifts the restriction.
  package func setClip(_ rect: Rect?) {
    if let rect {
      var clip = SDL_Rect(
        x: CInt(rect.minX.rounded(.down)), y: CInt(rect.minY.rounded(.down)),
        w: CInt(max(0, rect.width.rounded(.up))), h: CInt(max(0, rect.height.rounded(.up))))
      SDL_RenderSetClipRect(pointer, &clip)
    } else {
      SDL_RenderSetClipRect(pointer, nil)
    }
  }

  /// Runs `body`, then puts back the draw colour, blend mode, scale and clip it found, so that
  /// drawing on a game's own renderer leaves the game's settings as they were.
  package func preservingState<T>(_ body: () throws -> T) rethrows -> T {
    var red: UInt8 = 0
    var green: UInt8 = 0
    var blue: UInt8 = 0
    var alpha: UInt8 = 0
    SDL_GetRenderDrawColor(pointer, &red, &green, &blue, &alpha)
    var blendMode = SDL_BLENDMODE_NONE
    SDL_GetRenderDrawBlendMode(pointer, &blendMode)
    var scaleX: Float = 1
    var scaleY: Float = 1
    SDL_RenderGetScale(pointer, &scaleX, &scaleY)
    let clipped = SDL_RenderIsClipEnabled(pointer) == SDL_TRUE
    var clip = SDL_Rect()
    SDL_RenderGetClipRect(pointer, &clip)
    defer {
      SDL_SetRenderDrawColor(pointer, red, green, blue, alpha)
      SDL_SetRenderDrawBlendMode(pointer, blendMode)
      SDL_RenderSetScale(pointer, scaleX, scaleY)
      // The clip was read in the game's scale, so it goes back after the scale.
      if clipped { SDL_RenderSetClipRect(pointer, &clip) } else { SDL_RenderSetClipRect(pointer, nil) }
    }
    return try body()
  }

  /// Shows what was drawn.
  package func present() { SDL_RenderPresent(pointer) }

  /// Reads the current target's pixels (unscaled, the whole output) into a new surface.
  /// - Throws: `SDLError` from `SDL_RenderReadPixels`.
  package func readPixels() throws -> Surface {
    let output = outputSize
    let surface = try Surface(width: output.width, height: output.height)
    try SDLCall.check(
      SDL_RenderReadPixels(
        pointer, nil, surface.pointer.pointee.format.pointee.format, surface.pointer.pointee.pixels,
        surface.pointer.pointee.pitch),
      "SDL_RenderReadPixels")
    return surface
  }
}
