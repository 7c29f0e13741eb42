import CSDL2
import IntermissionCore

/// A CPU-side SDL image; owns its pointer and frees it in `deinit`.
///
/// Loading and decoding happen on any thread; only turning it into a `Texture` needs the render thread.
package final class Surface: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<SDL_Surface>

  init(owning pointer: UnsafeMutablePointer<SDL_Surface>) {
    self.pointer = pointer
  }

  /// Decodes an image file (PNG and the other formats SDL_image reads).
  /// - Throws: `SDLError` from `IMG_Load` naming the decoder's reason.
  package convenience init(contentsOf path: String) throws {
    self.init(owning: try SDLCall.nonNil(IMG_Load(path), "IMG_Load"))
  }

  /// Creates a blank RGBA surface.
  package convenience init(width: Int, height: Int) throws {
    let format = intermission_pixelformat_rgba32()
    self.init(
      owning: try SDLCall.nonNil(
        SDL_CreateRGBSurfaceWithFormat(0, CInt(width), CInt(height), 32, format),
        "SDL_CreateRGBSurfaceWithFormat"))
  }

  deinit { SDL_FreeSurface(pointer) }

  /// Width in pixels.
  package var width: Int { Int(pointer.pointee.w) }
  /// Height in pixels.
  package var height: Int { Int(pointer.pointee.h) }

  /// Writes the surface as a PNG file.
  /// - Throws: `SDLError` from `IMG_SavePNG`.
  package func savePNG(to path: String) throws {
    try SDLCall.check(IMG_SavePNG(pointer, path), "IMG_SavePNG")
  }

  /// The colour of the pixel at (`x`, `y`).
  package func pixel(x: Int, y: Int) -> Color {
    precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) is outside \(width)x\(height)")
    SDL_LockSurface(pointer)
    defer { SDL_UnlockSurface(pointer) }
    let surface = pointer.pointee
    let bytesPerPixel = Int(surface.format.pointee.BytesPerPixel)
    let address = surface.pixels!.advanced(by: y * Int(surface.pitch) + x * bytesPerPixel)
    var value: UInt32 = 0
    switch bytesPerPixel {
    case 1: value = UInt32(address.load(as: UInt8.self))
    case 2: value = UInt32(address.loadUnaligned(as: UInt16.self))
    case 3:
      let bytes = address.assumingMemoryBound(to: UInt8.self)
      value = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16
    default: value = address.loadUnaligned(as: UInt32.self)
    }
    var red: UInt8 = 0
    var green: UInt8 = 0
    var blue: UInt8 = 0
    var alpha: UInt8 = 0
    SDL_GetRGBA(value, surface.format, &red, &green, &blue, &alpha)
    return Color(red: red, green: green, blue: blue, alpha: alpha)
  }
}

extension Surface: FittableImage {
  package var pixelWidth: Int { width }
  package var pixelHeight: Int { height }

  /// A linearly scaled copy in the canvas's format no larger than `size`, its aspect kept; this
  /// surface when it fits (or, should SDL fail, as it is: the canvas scales it then).
  package func fitted(within size: Size) -> any DecodedImage {
    let factor = min(size.width / Double(width), size.height / Double(height))
    guard factor < 1 else { return self }
    let target = (
      width: max(1, Int((Double(width) * factor).rounded())), height: max(1, Int((Double(height) * factor).rounded()))
    )
    SDLThreadData.freeAtThreadExit()  // scaled on a loader's worker, a thread SDL did not create
    return (try? inCanvasFormat().scaled(toWidth: target.width, height: target.height)) ?? self
  }
}

extension Surface {
  /// The surface's SDL pixel format.
  var pixelFormat: UInt32 { pointer.pointee.format.pointee.format }

  /// Whether every pixel is opaque: no alpha channel, no colour key, and no translucent palette entry.
  package var isOpaque: Bool {
    let format = pointer.pointee.format.pointee
    if intermission_pixelformat_has_alpha(format.format) != 0 || SDL_HasColorKey(pointer) == SDL_TRUE { return false }
    if intermission_pixelformat_is_indexed(format.format) != 0, let palette = format.palette?.pointee {
      return (0..<Int(palette.ncolors)).allSatisfy { palette.colors[$0].a == 255 }
    }
    return true
  }

  /// The 32-bit format the canvas uploads and scales: XRGB8888 for an opaque image (the format of
  /// the software renderer's window, so that it scales straight into it with no blending), ARGB8888
  /// for one with transparency.
  package var canvasFormat: UInt32 {
    isOpaque ? intermission_pixelformat_xrgb8888() : intermission_pixelformat_argb8888()
  }

  /// Whether `SDL_ConvertPixels` can convert its pixels (every format but a palette's).
  package var canConvertPixels: Bool { intermission_pixelformat_is_indexed(pixelFormat) == 0 }

  /// The surface as a loader's worker hands it to the canvas: as decoded when the canvas can convert
  /// it into a texture by itself (the smallest copy to keep waiting, and no second one made on the
  /// worker), else in its `canvasFormat`.
  /// - Throws: `SDLError` from `SDL_ConvertSurfaceFormat`.
  package func readyForCanvas() throws -> Surface { canConvertPixels ? self : try inCanvasFormat() }

  /// Whether the surface is in its `canvasFormat` already.
  package var isInCanvasFormat: Bool { pixelFormat == canvasFormat }

  /// The surface in its `canvasFormat`: itself if it is already, else a converted copy.
  /// - Throws: `SDLError` from `SDL_ConvertSurfaceFormat`.
  package func inCanvasFormat() throws -> Surface {
    let format = canvasFormat
    if pixelFormat == format { return self }
    return Surface(
      owning: try SDLCall.nonNil(SDL_ConvertSurfaceFormat(pointer, format, 0), "SDL_ConvertSurfaceFormat"))
  }

  /// A copy resized to `width` x `height` pixels with bilinear filtering, in the same format, which
  /// must have 4 bytes a pixel (a `canvasFormat`).
  /// - Throws: `SDLError` from `SDL_SoftStretchLinear`.
  package func scaled(toWidth width: Int, height: Int) throws -> Surface {
    let target = Surface(
      owning: try SDLCall.nonNil(
        SDL_CreateRGBSurfaceWithFormat(0, CInt(max(1, width)), CInt(max(1, height)), 32, pixelFormat),
        "SDL_CreateRGBSurfaceWithFormat"))
    try SDLCall.check(SDL_SoftStretchLinear(pointer, nil, target.pointer, nil), "SDL_SoftStretchLinear")
    return target
  }
}
