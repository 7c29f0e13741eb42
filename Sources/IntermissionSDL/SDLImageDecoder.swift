import CSDL2
import Glibc
import IntermissionCore

/// Decodes images with SDL_image; safe to call from any thread.
///
/// Ad images are untrusted, so a file is refused before decoding when it is larger than
/// `maximumFileSize`, or when its PNG header declares more than `maximumDimension` pixels a side
/// (a small file can declare a huge image).
public struct SDLImageDecoder: ImageDecoder {
  /// The largest file decoded, in bytes.
  public static let maximumFileSize = 16 << 20
  /// The largest width or height decoded, in pixels.
  public static let maximumDimension = 4096

  /// Creates a decoder.
  public init() {}

  public func decodeImage(atPath path: String) throws -> any DecodedImage {
    try SDLImageDecoder.checkLimits(path)
    let surface = try Surface(contentsOf: path)
    guard surface.width <= SDLImageDecoder.maximumDimension, surface.height <= SDLImageDecoder.maximumDimension else {
      throw SDLError(function: "IMG_Load", message: "image is \(surface.width)x\(surface.height), larger than allowed")
    }
    return surface
  }

  /// Refuses files that are too large, or PNG files whose header declares too many pixels.
  static func checkLimits(_ path: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw SDLError(function: "stat", message: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    guard Int(status.st_size) <= maximumFileSize else {
      throw SDLError(function: "stat", message: "file is \(status.st_size) bytes, more than \(maximumFileSize)")
    }
    guard let file = fopen(path, "rb") else { return }
    defer { fclose(file) }
    var header = [UInt8](repeating: 0, count: 24)
    guard fread(&header, 1, 24, file) == 24, header[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
      return  // not a PNG: SDL_image decides
    }
    func bigEndian(_ offset: Int) -> Int {
      header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    let width = bigEndian(16)
    let height = bigEndian(20)
    guard width <= maximumDimension, height <= maximumDimension else {
      throw SDLError(
        function: "IMG_Load", message: "PNG declares \(width)x\(height) pixels, more than \(maximumDimension) a side")
    }
  }
}
