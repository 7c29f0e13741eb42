import CSDL2
import IntermissionCore

extension Renderer {
  /// How many times each drawing is warmed: a software OpenGL (llvmpipe) compiles a drawing's code
  /// at its first use and again, for its fast path, at about its fourth.
  static let warmUpDraws = 6

  /// Draws a tiny picture each way the canvas draws images and video frames, so that a GPU driver
  /// that compiles its drawing code at first use (Mesa's llvmpipe: 50 ms for a banner first drawn
  /// opaque and scaled, 100 to 180 ms for the first frame of a video, 30 to 60 ms again at about
  /// the fourth use) does it now, where no frame is visible, instead of in a running frame. Called
  /// when a canvas is made on an accelerated renderer; the software renderer compiles nothing and
  /// skips it.
  ///
  /// It covers the formats the canvas uploads (ARGB8888, XRGB8888 and I420, the last in both of
  /// SDL's YUV conversions: BT.601 up to 576 lines, BT.709 above), drawn with and without blending
  /// (video frames only without), each at its own pixel size with the nearest pixel, and scaled
  /// down and up with bilinear filtering. Its pictures are 6 x 6: llvmpipe compiles apart for sizes
  /// that are powers of two, and a game's are not. It draws under a one-pixel clip at the corner of
  /// the current target, reads that pixel back (which makes the driver draw), and puts back the
  /// clip, the draw colour, blend mode, scale and SDL's YUV conversion mode it found. A failure
  /// only leaves the stall where it was: nothing is thrown.
  func warmUpDrawing() {
    guard !isSoftware else { return }
    for format in [intermission_pixelformat_argb8888(), intermission_pixelformat_xrgb8888()] {
      guard let texture = warmUpTexture(format: format) else { return }
      defer { SDL_DestroyTexture(texture) }
      guard warmUp(texture, blendModes: [SDL_BLENDMODE_NONE, SDL_BLENDMODE_BLEND]) else { return }
    }
    let mode = SDL_GetYUVConversionMode()
    defer { SDL_SetYUVConversionMode(mode) }
    // SDL's OpenGL renderer picks a texture's conversion when the texture is made, OpenGL ES 2's
    // when it is drawn: the mode is set for both.
    for conversion in [SDL_YUV_CONVERSION_BT601, SDL_YUV_CONVERSION_BT709] {
      SDL_SetYUVConversionMode(conversion)
      guard let texture = warmUpTexture(format: intermission_pixelformat_iyuv()) else { return }
      defer { SDL_DestroyTexture(texture) }
      guard warmUp(texture, blendModes: [SDL_BLENDMODE_NONE]) else { return }
    }
  }

  /// The side of the warm-up's pictures.
  private static let warmUpSide: CInt = 6

  /// A `warmUpSide`-square texture of `format` (a 32-bit RGB one or I420), filled with grey.
  private func warmUpTexture(format: UInt32) -> OpaquePointer? {
    let side = Renderer.warmUpSide
    guard
      let texture = SDL_CreateTexture(pointer, format, CInt(SDL_TEXTUREACCESS_STREAMING.rawValue), side, side)
    else { return nil }
    let uploaded: CInt
    if format == intermission_pixelformat_iyuv() {
      let luma = [UInt8](repeating: 128, count: Int(side * side))
      let chroma = [UInt8](repeating: 128, count: Int(side * side / 4))
      uploaded = SDL_UpdateYUVTexture(texture, nil, luma, side, chroma, side / 2, chroma, side / 2)
    } else {
      let pixels = [UInt8](repeating: 128, count: Int(side * side * 4))
      uploaded = SDL_UpdateTexture(texture, nil, pixels, side * 4)
    }
    guard uploaded == 0 else {
      SDL_DestroyTexture(texture)
      return nil
    }
    return texture
  }

  /// Draws `texture` `warmUpDraws` times with each of `blendModes`, at its size with the nearest
  /// pixel and scaled down and up bilinearly, under a one-pixel clip; false when an SDL call failed.
  private func warmUp(_ texture: OpaquePointer, blendModes: [SDL_BlendMode]) -> Bool {
    let side = Renderer.warmUpSide
    return preservingState {
      SDL_RenderSetScale(pointer, 1, 1)
      var corner = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
      guard SDL_RenderSetClipRect(pointer, &corner) == 0 else { return false }
      var pixel: UInt32 = 0
      for blendMode in blendModes {
        guard SDL_SetTextureBlendMode(texture, blendMode) == 0 else { return false }
        for (scaleMode, drawnSide) in [
          (SDL_ScaleModeNearest, side), (SDL_ScaleModeLinear, side - 2), (SDL_ScaleModeLinear, side + 2),
        ] {
          guard SDL_SetTextureScaleMode(texture, scaleMode) == 0 else { return false }
          var destination = SDL_Rect(x: 0, y: 0, w: drawnSide, h: drawnSide)
          for _ in 0..<Renderer.warmUpDraws {
            guard SDL_RenderCopy(pointer, texture, nil, &destination) == 0,
              SDL_RenderReadPixels(pointer, &corner, intermission_pixelformat_argb8888(), &pixel, 4) == 0
            else { return false }
          }
        }
      }
      return true
    }
  }
}
