import CSDL2
import IntermissionCore

/// Pixels the overlay owns and draws into with SDL's software renderer, for a game that draws with
/// anything else (OpenGL, raylib, LÖVE, Godot): no window, no video subsystem, nothing of the
/// game's SDL touched. The renderer draws into a target texture of premultiplied RGBA (bytes R, G,
/// B, A): cleared to transparent, every blended drawing over it (SDL's `dst = src·a + dst·(1−a)`,
/// `dstA = a + dstA·(1−a)`) leaves premultiplied colour. A resize makes a new target texture only:
/// the renderer, and every texture it made (text, images, video), stay.
package final class PixelTarget: CanvasTarget {
  /// The software renderer (on a surface of one pixel, which it never draws into).
  package let renderer: Renderer
  /// Where the renderer draws: `pixelWidth` x `pixelHeight`, RGBA32.
  private(set) var texture: Texture
  private let anchor: Surface
  package let fonts: FontLibrary
  /// The size in window coordinates.
  package private(set) var size: Size
  /// Pixels per window point.
  package private(set) var scale: Double

  /// The largest side, in pixels, a target may have.
  package static let maximumSide = 16384
  /// The pixel format: bytes R, G, B, A in memory.
  package static var format: UInt32 { intermission_pixelformat_rgba32() }

  /// Makes pixels for a window of `width` x `height` points at `scale` pixels per point.
  /// - Throws: `SDLError` from SDL_ttf, `SDL_CreateSoftwareRenderer` or `SDL_CreateTexture`.
  package init(width: Double, height: Double, scale: Double) throws {
    fonts = try FontLibrary()
    anchor = try Surface(width: 1, height: 1)
    renderer = try Renderer(softwareDrawingInto: anchor)
    size = Size(width: width, height: height)
    self.scale = scale
    texture = try Self.makeTexture(on: renderer, size: size, scale: scale)
    try renderer.setTarget(texture)
  }

  /// The pixel size of a target of `size` points at `scale`.
  package static func pixelSize(of size: Size, scale: Double) -> (width: Int, height: Int) {
    (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
  }

  private static func makeTexture(on renderer: Renderer, size: Size, scale: Double) throws -> Texture {
    let pixels = pixelSize(of: size, scale: scale)
    return try Texture(
      targetFor: renderer, width: pixels.width, height: pixels.height, format: format, isOpaque: false)
  }

  /// Makes the target `width` x `height` points at `scale`: a new, transparent texture.
  /// - Throws: `SDLError` from `SDL_CreateTexture`; the target is then unchanged.
  package func resize(width: Double, height: Double, scale: Double) throws {
    let size = Size(width: width, height: height)
    let texture = try Self.makeTexture(on: renderer, size: size, scale: scale)
    try renderer.setTarget(texture)
    self.texture = texture
    self.size = size
    self.scale = scale
  }

  package func outputSize(of renderer: Renderer) -> (width: Int, height: Int) { (texture.width, texture.height) }

  package func softwareFormat(of renderer: Renderer) -> UInt32? { Self.format }

  /// Makes the pixels of `rect` (in pixels) transparent, whatever the renderer's scale and clip.
  package func clear(_ rect: PixelRect) {
    guard !rect.isEmpty else { return }
    renderer.preservingState {
      renderer.setScale(x: 1, y: 1)
      renderer.setClip(nil)
      SDL_SetRenderDrawColor(renderer.pointer, 0, 0, 0, 0)
      SDL_SetRenderDrawBlendMode(renderer.pointer, SDL_BLENDMODE_NONE)
      var area = SDL_Rect(x: CInt(rect.x), y: CInt(rect.y), w: CInt(rect.width), h: CInt(rect.height))
      SDL_RenderFillRect(renderer.pointer, &area)
    }
  }

  /// The whole target, in pixels.
  package var bounds: PixelRect { PixelRect(x: 0, y: 0, width: texture.width, height: texture.height) }

  /// Copies the pixels of `rect` (in pixels, inside the target) into `destination`, `pitch` bytes
  /// a row, RGBA.
  /// - Throws: `SDLError` from `SDL_RenderReadPixels`.
  package func read(_ rect: PixelRect, into destination: UnsafeMutableRawPointer, pitch: Int) throws {
    var area = SDL_Rect(x: CInt(rect.x), y: CInt(rect.y), w: CInt(rect.width), h: CInt(rect.height))
    try SDLCall.check(
      SDL_RenderReadPixels(renderer.pointer, &area, Self.format, destination, CInt(pitch)), "SDL_RenderReadPixels")
  }
}
