import CSDL2
import IntermissionCore

/// A texture of a window's renderer that premultiplied RGBA pixels (a surface overlay's) are
/// uploaded into, a dirty rectangle at a time, and drawn over the window: what a game on any
/// engine does with `intermission_surface_pixels`, done with SDL for the demo's `--overlay
/// surface`. A renderer that blends (ONE, ONE_MINUS_SRC_ALPHA) gets the pixels as they are; SDL's
/// software renderer, which has only its built-in blend modes, gets them un-premultiplied for its
/// `dst = src·a + dst·(1−a)`, which gives the same colours to within a unit of rounding.
package final class PixelUpload {
  private let renderer: Renderer
  private var pointer: OpaquePointer?
  private var size = (width: 0, height: 0)
  /// Whether the renderer blends the pixels premultiplied, as they are.
  package private(set) var blendsPremultiplied = false

  /// An upload for textures of `renderer`.
  package init(renderer: Renderer) {
    self.renderer = renderer
  }

  deinit {
    if let pointer, renderer.isOffscreen || SDL_WasInit(UInt32(SDL_INIT_VIDEO)) != 0 { SDL_DestroyTexture(pointer) }
  }

  /// Uploads the `dirty` part of `pixels` (`width` x `height`, `pitch` bytes a row, premultiplied
  /// RGBA); another size makes a new texture first, which `dirty` must then cover whole.
  /// - Throws: `SDLError` from `SDL_CreateTexture`, `SDL_UpdateTexture` or `SDL_LockTexture`.
  package func upload(_ pixels: UnsafeRawPointer, width: Int, height: Int, pitch: Int, dirty: PixelRect) throws {
    if pointer == nil || size != (width, height) { try makeTexture(width: width, height: height) }
    let region = dirty.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
    guard !region.isEmpty, let pointer else { return }
    var rect = SDL_Rect(x: CInt(region.x), y: CInt(region.y), w: CInt(region.width), h: CInt(region.height))
    let first = pixels + region.y * pitch + region.x * 4
    if blendsPremultiplied {
      try SDLCall.check(SDL_UpdateTexture(pointer, &rect, first, CInt(pitch)), "SDL_UpdateTexture")
      return
    }
    var locked: UnsafeMutableRawPointer?
    var lockedPitch: CInt = 0
    try SDLCall.check(SDL_LockTexture(pointer, &rect, &locked, &lockedPitch), "SDL_LockTexture")
    defer { SDL_UnlockTexture(pointer) }
    guard let locked else { return }
    for row in 0..<region.height {
      Self.unpremultiply(
        from: (first + row * pitch).assumingMemoryBound(to: UInt8.self),
        to: (locked + row * Int(lockedPitch)).assumingMemoryBound(to: UInt8.self), count: region.width)
    }
  }

  /// Draws the texture over `rect` (in the renderer's scaled coordinates).
  package func draw(in rect: Rect) {
    guard let pointer else { return }
    var frect = SDL_FRect(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
    SDL_RenderCopyF(renderer.pointer, pointer, nil, &frect)
  }

  private func makeTexture(width: Int, height: Int) throws {
    if let pointer { SDL_DestroyTexture(pointer) }
    pointer = nil
    let texture = try SDLCall.nonNil(
      SDL_CreateTexture(
        renderer.pointer, intermission_pixelformat_rgba32(), CInt(SDL_TEXTUREACCESS_STREAMING.rawValue),
        CInt(width), CInt(height)),
      "SDL_CreateTexture")
    let premultiplied = SDL_ComposeCustomBlendMode(
      SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
      SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
    blendsPremultiplied = SDL_SetTextureBlendMode(texture, premultiplied) == 0
    if !blendsPremultiplied {
      try SDLCall.check(SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
    }
    pointer = texture
    size = (width, height)
  }

  /// Straight colour from premultiplied: each channel × 255 ÷ alpha, rounded; transparent stays 0.
  static func unpremultiply(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
    for pixel in 0..<count {
      let at = pixel * 4
      let alpha = Int(source[at + 3])
      target[at + 3] = UInt8(alpha)
      for channel in 0..<3 {
        let value = Int(source[at + channel])
        target[at + channel] =
          switch alpha {
          case 0: 0
          case 255: UInt8(value)
          default: UInt8(min(255, (value * 255 + alpha / 2) / alpha))
          }
      }
    }
  }
}
