import CSDL2
import IntermissionCore

extension Renderer {
  /// How many times each video drawing is warmed: a software OpenGL (llvmpipe) compiles a drawing's
  /// code at its first use and again, for its fast path, at about its fourth.
  static let videoWarmUpDraws = 6

  /// Draws a tiny video picture the ways a video ad's frames are drawn, so that a GPU driver that
  /// compiles its drawing code at first use (Mesa's llvmpipe: 100 to 180 ms for the first frame of a
  /// video, and 30 to 60 ms for its fourth) does it now, where no frame is visible, instead of in
  /// the first video's first frames. Called when a canvas is made on an accelerated renderer; the
  /// software renderer compiles nothing and skips it.
  ///
  /// The warm-up covers both of SDL's YUV conversions (BT.601 for pictures up to 576 lines, BT.709
  /// above) and both ways a frame is drawn: at its own pixel size with the nearest pixel, and
  /// scaled with bilinear filtering. Its picture is 6 x 6 (chroma 3 x 3): llvmpipe compiles apart
  /// for sizes that are powers of two, and a video's are not. It draws under a one-pixel clip at
  /// the corner of the current target, reads that pixel back (which makes the driver draw), and
  /// puts back the clip, the draw colour, blend mode, scale and SDL's YUV conversion mode it found.
  /// A failure only leaves the stall where it was: nothing is thrown.
  func warmUpVideoDrawing() {
    guard !isSoftware else { return }
    let mode = SDL_GetYUVConversionMode()
    defer { SDL_SetYUVConversionMode(mode) }
    // SDL's OpenGL renderer picks a texture's conversion when the texture is made, OpenGL ES 2's
    // when it is drawn: the mode is set for both.
    for conversion in [SDL_YUV_CONVERSION_BT601, SDL_YUV_CONVERSION_BT709] {
      SDL_SetYUVConversionMode(conversion)
      guard warmUpVideoDrawing(side: 6) else { return }
    }
  }

  /// Makes a `side` x `side` I420 texture in the current YUV conversion mode and draws it
  /// `videoWarmUpDraws` times each way; false when an SDL call failed.
  private func warmUpVideoDrawing(side: CInt) -> Bool {
    guard
      let texture = SDL_CreateTexture(
        pointer, intermission_pixelformat_iyuv(), CInt(SDL_TEXTUREACCESS_STREAMING.rawValue), side, side)
    else { return false }
    defer { SDL_DestroyTexture(texture) }
    let luma = [UInt8](repeating: 128, count: Int(side * side))
    let chroma = [UInt8](repeating: 128, count: Int(side * side / 4))
    let uploaded = SDL_UpdateYUVTexture(texture, nil, luma, side, chroma, side / 2, chroma, side / 2)
    guard uploaded == 0, SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) == 0 else { return false }
    return preservingState {
      SDL_RenderSetScale(pointer, 1, 1)
      var corner = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
      guard SDL_RenderSetClipRect(pointer, &corner) == 0 else { return false }
      var pixel: UInt32 = 0
      for (scaleMode, place) in [
        (SDL_ScaleModeNearest, SDL_Rect(x: 0, y: 0, w: side, h: side)),
        (SDL_ScaleModeLinear, SDL_Rect(x: 0, y: 0, w: side - 2, h: side - 2)),
      ] {
        guard SDL_SetTextureScaleMode(texture, scaleMode) == 0 else { return false }
        var destination = place
        for _ in 0..<Renderer.videoWarmUpDraws {
          guard SDL_RenderCopy(pointer, texture, nil, &destination) == 0,
            SDL_RenderReadPixels(pointer, &corner, intermission_pixelformat_argb8888(), &pixel, 4) == 0
          else { return false }
        }
      }
      return true
    }
  }
}
