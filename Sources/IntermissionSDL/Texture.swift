import CSDL2
import IntermissionCore

/// A GPU-side (or software-renderer) image; owns its pointer and destroys it in `deinit`.
package final class Texture {
  let pointer: OpaquePointer
  /// Keeps the renderer alive: a texture is destroyed before its renderer.
  let renderer: Renderer
  /// Width in pixels.
  package let width: Int
  /// Height in pixels.
  package let height: Int
  /// Whether every pixel is opaque, so that it needs no blending at full opacity.
  package let isOpaque: Bool
  /// The texture's SDL pixel format.
  let pixelFormat: UInt32
  /// Its blend mode and scale mode as last set (nil: as SDL made it).
  private var isBlending: Bool?
  private var isScaledLinearly: Bool?

  /// Uploads `surface` to `renderer`.
  /// - Throws: `SDLError` from `SDL_CreateTextureFromSurface`.
  package init(renderer: Renderer, surface: Surface) throws {
    self.renderer = renderer
    pointer = try SDLCall.nonNil(
      SDL_CreateTextureFromSurface(renderer.pointer, surface.pointer), "SDL_CreateTextureFromSurface")
    width = surface.width
    height = surface.height
    isOpaque = surface.isOpaque
    var format: UInt32 = 0
    SDL_QueryTexture(pointer, &format, nil, nil, nil)
    pixelFormat = format
    SDL_SetTextureBlendMode(pointer, SDL_BLENDMODE_BLEND)
    isBlending = true
  }

  /// Uploads `surface` into a streaming texture in `format`, converting its pixels straight into the
  /// texture's memory: on the software renderer, whose texture is itself a surface in memory, the
  /// upload then makes no converted copy of the image on the way.
  /// - Throws: `SDLError` from `SDL_CreateTexture`, `SDL_LockTexture` or `SDL_ConvertPixels`.
  package init(renderer: Renderer, converting surface: Surface, to format: UInt32) throws {
    self.renderer = renderer
    pointer = try Texture.streamingCopy(of: surface, in: format, on: renderer)
    width = surface.width
    height = surface.height
    isOpaque = surface.isOpaque
    pixelFormat = format
    SDL_SetTextureBlendMode(pointer, SDL_BLENDMODE_BLEND)
    isBlending = true
  }

  private static func streamingCopy(of surface: Surface, in format: UInt32, on renderer: Renderer) throws
    -> OpaquePointer
  {
    let image = surface.pointer.pointee
    let texture = try SDLCall.nonNil(
      SDL_CreateTexture(renderer.pointer, format, CInt(SDL_TEXTUREACCESS_STREAMING.rawValue), image.w, image.h),
      "SDL_CreateTexture")
    do {
      var pixels: UnsafeMutableRawPointer?
      var pitch: CInt = 0
      try SDLCall.check(SDL_LockTexture(texture, nil, &pixels, &pitch), "SDL_LockTexture")
      defer { SDL_UnlockTexture(texture) }
      try SDLCall.check(
        SDL_ConvertPixels(
          image.w, image.h, image.format.pointee.format, image.pixels, image.pitch, format, pixels, pitch),
        "SDL_ConvertPixels")
      return texture
    } catch {
      SDL_DestroyTexture(texture)
      throw error
    }
  }

  /// A streaming I420 (IYUV) texture holding `image`, for a video's frames: the renderer converts
  /// YUV to RGB as it draws (on the GPU, or in SDL's software renderer).
  /// - Throws: `SDLError` from `SDL_CreateTexture` or `SDL_UpdateYUVTexture`.
  package init(renderer: Renderer, video image: YUVImage) throws {
    self.renderer = renderer
    pointer = try SDLCall.nonNil(
      SDL_CreateTexture(
        renderer.pointer, intermission_pixelformat_iyuv(), CInt(SDL_TEXTUREACCESS_STREAMING.rawValue),
        CInt(image.pixelWidth), CInt(image.pixelHeight)),
      "SDL_CreateTexture")
    width = image.pixelWidth
    height = image.pixelHeight
    isOpaque = true
    pixelFormat = intermission_pixelformat_iyuv()
    SDL_SetTextureBlendMode(pointer, SDL_BLENDMODE_NONE)
    isBlending = false
    try update(with: image)
  }

  /// Replaces the pixels of a video texture with `image`'s (of the same size).
  /// - Throws: `SDLError` from `SDL_UpdateYUVTexture`, or for an image of another size.
  package func update(with image: YUVImage) throws {
    guard image.pixelWidth == width, image.pixelHeight == height, image.planes.count == 3 else {
      throw SDLError(
        function: "SDL_UpdateYUVTexture",
        message: "a \(image.pixelWidth)x\(image.pixelHeight) frame for a \(width)x\(height) texture")
    }
    let planes = image.planes
    let chroma = CInt(image.chromaWidth)
    try planes[0].withUnsafeBufferPointer { y in
      try planes[1].withUnsafeBufferPointer { u in
        try planes[2].withUnsafeBufferPointer { v in
          try SDLCall.check(
            SDL_UpdateYUVTexture(
              pointer, nil, y.baseAddress, CInt(width), u.baseAddress, chroma, v.baseAddress, chroma),
            "SDL_UpdateYUVTexture")
        }
      }
    }
  }

  /// Creates a texture that can be rendered into, in `format` (32-bit ARGB by default).
  /// - Throws: `SDLError` from `SDL_CreateTexture`.
  package init(
    targetFor renderer: Renderer, width: Int, height: Int, format: UInt32 = intermission_pixelformat_argb8888(),
    isOpaque: Bool = true
  ) throws {
    self.renderer = renderer
    pointer = try SDLCall.nonNil(
      SDL_CreateTexture(
        renderer.pointer, format, CInt(SDL_TEXTUREACCESS_TARGET.rawValue), CInt(max(1, width)), CInt(max(1, height))),
      "SDL_CreateTexture")
    self.width = max(1, width)
    self.height = max(1, height)
    self.isOpaque = isOpaque
    pixelFormat = format
    // A layer is opaque: copying it overwrites, which is much cheaper than blending in software.
    SDL_SetTextureBlendMode(pointer, SDL_BLENDMODE_NONE)
    isBlending = false
  }

  deinit {
    // After a game's SDL_Quit, its window's renderers, and every texture of theirs, are gone
    // already; an offscreen renderer's are not (it never needed the video subsystem).
    if renderer.isOffscreen || SDL_WasInit(UInt32(SDL_INIT_VIDEO)) != 0 { SDL_DestroyTexture(pointer) }
  }

  /// Sets the colour and alpha the texture is multiplied by when drawn.
  package func setModulation(_ color: Color) {
    SDL_SetTextureColorMod(pointer, color.red, color.green, color.blue)
    SDL_SetTextureAlphaMod(pointer, color.alpha)
  }

  /// A copy of the texture at `width` x `height` pixels, filtered bilinearly, drawn into a new
  /// texture by the renderer (on the GPU, or by SDL's software renderer): the one copy an image
  /// drawn smaller than it is needs to keep. The renderer's target, scale, clip, colour and blend
  /// mode are as they were afterwards.
  /// - Throws: `SDLError` from `SDL_CreateTexture`, `SDL_SetRenderTarget` or `SDL_RenderCopy`.
  package func resized(toWidth width: Int, height: Int) throws -> Texture {
    let copy = try Texture(
      targetFor: renderer, width: width, height: height, format: pixelFormat, isOpaque: isOpaque)
    let previous = SDL_GetRenderTarget(renderer.pointer)
    try renderer.preservingState {
      try SDLCall.check(SDL_SetRenderTarget(renderer.pointer, copy.pointer), "SDL_SetRenderTarget")
      defer { SDL_SetRenderTarget(renderer.pointer, previous) }
      // A new target starts unscaled and unclipped; the copy overwrites every pixel, alpha included.
      setBlending(false)
      setLinearScaling(true)
      setModulation(Color(red: 255, green: 255, blue: 255))
      try SDLCall.check(SDL_RenderCopy(renderer.pointer, pointer, nil, nil), "SDL_RenderCopy")
    }
    copy.setBlending(!isOpaque)
    return copy
  }

  /// Sets whether the texture is blended over what is beneath it (else it overwrites it). Only a
  /// change reaches SDL: an image is drawn every frame.
  func setBlending(_ blends: Bool) {
    guard blends != isBlending else { return }
    isBlending = blends
    SDL_SetTextureBlendMode(pointer, blends ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
  }

  /// Sets whether a scaled copy is filtered bilinearly (else it takes the nearest pixel). Only a
  /// change reaches SDL: an OpenGL renderer binds the texture and sets its filter at each call.
  func setLinearScaling(_ linear: Bool) {
    guard linear != isScaledLinearly else { return }
    isScaledLinearly = linear
    SDL_SetTextureScaleMode(pointer, linear ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
  }
}
