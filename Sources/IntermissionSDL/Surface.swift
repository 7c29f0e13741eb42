import CSDL2
import IntermissionCore

/// A CPU-side SDL image; owns its pointer and frees it in `deinit`.
///
/// Loading and decoding happen on any thread; only turning it into a `Texture` needs the render thread.
public final class Surface: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<SDL_Surface>

  init(owning pointer: UnsafeMutablePointer<SDL_Surface>) {
    self.pointer = pointer
  }

  /// Decodes an image file (PNG and the other formats SDL_image reads).
  /// - Throws: `SDLError` from `IMG_Load` naming the decoder's reason.
  public convenience init(contentsOf path: String) throws {
    self.init(owning: try SDLCall.nonNil(IMG_Load(path), "IMG_Load"))
  }

  /// Creates a blank RGBA surface.
  public convenience init(width: Int, height: Int) throws {
    let format = intermission_pixelformat_rgba32()
    self.init(
      owning: try SDLCall.nonNil(
        SDL_CreateRGBSurfaceWithFormat(0, CInt(width), CInt(height), 32, format),
        "SDL_CreateRGBSurfaceWithFormat"))
  }

  deinit { SDL_FreeSurface(pointer) }

  /// Width in pixels.
  public var width: Int { Int(pointer.pointee.w) }
  /// Height in pixels.
  public var height: Int { Int(pointer.pointee.h) }

  /// Writes the surface as a PNG file.
  /// - Throws: `SDLError` from `IMG_SavePNG`.
  public func savePNG(to path: String) throws {
    try SDLCall.check(IMG_SavePNG(pointer, path), "IMG_SavePNG")
  }

  /// The colour of the pixel at (`x`, `y`).
  public func pixel(x: Int, y: Int) -> Color {
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
  public var pixelWidth: Int { width }
  public var pixelHeight: Int { height }

  /// A linearly scaled ARGB copy no larger than `size`, its aspect kept; this surface when it fits
  /// (or, should SDL fail, as it is: the canvas scales it then).
  public func fitted(within size: Size) -> any DecodedImage {
    let factor = min(size.width / Double(width), size.height / Double(height))
    guard factor < 1 else { return self }
    let target = (
      width: max(1, Int((Double(width) * factor).rounded())), height: max(1, Int((Double(height) * factor).rounded()))
    )
    defer { SDL_TLSCleanup() }
    return (try? inARGB().scaled(toWidth: target.width, height: target.height)) ?? self
  }
}

extension Surface {
  /// Whether the surface is in 32-bit ARGB, the format the software renderer and `scaled` work in.
  public var isARGB: Bool { pointer.pointee.format.pointee.format == intermission_pixelformat_argb8888() }

  /// The surface in 32-bit ARGB: itself if it is already, else a converted copy.
  /// - Throws: `SDLError` from `SDL_ConvertSurfaceFormat`.
  public func inARGB() throws -> Surface { isARGB ? self : try convertedToARGB() }

  /// A copy in 32-bit ARGB, the format the software renderer and `scaled` work in.
  /// - Throws: `SDLError` from `SDL_ConvertSurfaceFormat`.
  public func convertedToARGB() throws -> Surface {
    Surface(
      owning: try SDLCall.nonNil(
        SDL_ConvertSurfaceFormat(pointer, intermission_pixelformat_argb8888(), 0), "SDL_ConvertSurfaceFormat"))
  }

  /// A copy resized to `width` x `height` pixels with bilinear filtering. The surface must be ARGB.
  /// - Throws: `SDLError` from `SDL_SoftStretchLinear`.
  public func scaled(toWidth width: Int, height: Int) throws -> Surface {
    let target = Surface(
      owning: try SDLCall.nonNil(
        SDL_CreateRGBSurfaceWithFormat(
          0, CInt(max(1, width)), CInt(max(1, height)), 32, pointer.pointee.format.pointee.format),
        "SDL_CreateRGBSurfaceWithFormat"))
    try SDLCall.check(SDL_SoftStretchLinear(pointer, nil, target.pointer, nil), "SDL_SoftStretchLinear")
    return target
  }
}
