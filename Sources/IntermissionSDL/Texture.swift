import CSDL2
import IntermissionCore

/// A GPU-side (or software-renderer) image; owns its pointer and destroys it in `deinit`.
public final class Texture {
  let pointer: OpaquePointer
  /// Keeps the renderer alive: a texture is destroyed before its renderer.
  let renderer: Renderer
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int

  /// Uploads `surface` to `renderer`.
  /// - Throws: `SDLError` from `SDL_CreateTextureFromSurface`.
  public init(renderer: Renderer, surface: Surface) throws {
    self.renderer = renderer
    pointer = try SDLCall.nonNil(
      SDL_CreateTextureFromSurface(renderer.pointer, surface.pointer), "SDL_CreateTextureFromSurface")
    width = surface.width
    height = surface.height
    SDL_SetTextureBlendMode(pointer, SDL_BLENDMODE_BLEND)
  }

  /// Creates a texture that can be rendered into.
  /// - Throws: `SDLError` from `SDL_CreateTexture`.
  public init(targetFor renderer: Renderer, width: Int, height: Int) throws {
    self.renderer = renderer
    pointer = try SDLCall.nonNil(
      SDL_CreateTexture(
        renderer.pointer, intermission_pixelformat_argb8888(), CInt(SDL_TEXTUREACCESS_TARGET.rawValue),
        CInt(max(1, width)), CInt(max(1, height))),
      "SDL_CreateTexture")
    self.width = max(1, width)
    self.height = max(1, height)
    // A layer is opaque: copying it overwrites, which is much cheaper than blending in software.
    SDL_SetTextureBlendMode(pointer, SDL_BLENDMODE_NONE)
  }

  deinit {
    // After a game's SDL_Quit, its renderers, and every texture of theirs, are gone already.
    if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) != 0 { SDL_DestroyTexture(pointer) }
  }

  /// Sets the colour and alpha the texture is multiplied by when drawn.
  public func setModulation(_ color: Color) {
    SDL_SetTextureColorMod(pointer, color.red, color.green, color.blue)
    SDL_SetTextureAlphaMod(pointer, color.alpha)
  }
}
