import CSDL2
import IntermissionBasics
import IntermissionCore

/// Decodes ad images with SDL_image; safe to call from any thread.
///
/// Ad images are untrusted. Only PNG and JPEG are accepted, told apart by their magic bytes (never
/// by the file name), and each is decoded only by its own decoder. Before decoding, the file must
/// be a regular file of at most `maximumFileSize` bytes, and its header must declare at most
/// `maximumDimension` pixels a side and `maximumPixelCount` pixels in all: a small file can declare
/// a huge image, and this keeps the memory an image can cost bounded.
package struct SDLImageDecoder: ImageDecoder {
  /// The largest file decoded, in bytes.
  package static let maximumFileSize = 16 << 20
  /// The largest width or height decoded, in pixels.
  package static let maximumDimension = 4096
  /// The most pixels decoded (8 MiB as RGBA): plenty for a banner or a landing page's creative.
  package static let maximumPixelCount = 4096 * 512

  /// An image format this decoder accepts.
  package enum Format: String, Sendable {
    case png = "PNG"
    case jpeg = "JPEG"
  }

  /// Why an image was refused before decoding.
  package struct Refusal: Error, Hashable, CustomStringConvertible {
    /// What was wrong.
    package let description: String

    static let truncatedJPEG = "JPEG truncated before its frame header"
    /// Whether more bytes could have told: the header stopped early.
    var isTruncation: Bool { description == Refusal.truncatedJPEG }
  }

  /// Creates a decoder.
  package init() {}

  package var maximumFileSize: Int { SDLImageDecoder.maximumFileSize }

  package func decodeImage(atPath path: String) throws -> any DecodedImage {
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path, limit: SDLImageDecoder.maximumFileSize)
    } catch {
      throw Refusal(description: error.description)
    }
    return try decodeImage(bytes: bytes)
  }

  package func decodeImage(bytes: [UInt8]) throws -> any DecodedImage {
    // Loads run on worker threads that SDL did not create.
    SDLThreadData.freeAtThreadExit()
    guard bytes.count <= SDLImageDecoder.maximumFileSize else {
      throw Refusal(description: "larger than \(SDLImageDecoder.maximumFileSize) bytes")
    }
    let format = try SDLImageDecoder.checkHeader(bytes)
    let surface = try bytes.withUnsafeBytes { buffer in
      let stream = try SDLCall.nonNil(SDL_RWFromConstMem(buffer.baseAddress, CInt(buffer.count)), "SDL_RWFromConstMem")
      defer { SDL_RWclose(stream) }
      switch format {
      case .png: return Surface(owning: try SDLCall.nonNil(IMG_LoadPNG_RW(stream), "IMG_LoadPNG_RW"))
      case .jpeg: return Surface(owning: try SDLCall.nonNil(IMG_LoadJPG_RW(stream), "IMG_LoadJPG_RW"))
      }
    }
    guard surface.width <= SDLImageDecoder.maximumDimension, surface.height <= SDLImageDecoder.maximumDimension,
      surface.width * surface.height <= SDLImageDecoder.maximumPixelCount
    else {
      throw Refusal(description: "decoded to \(surface.width)x\(surface.height) pixels, more than its header declared")
    }
    // A palette's image is converted here, off the loop, to the format the canvas uploads; any
    // other is kept as decoded, the smallest copy, and converted straight into its texture.
    do {
      return try surface.readyForCanvas()
    } catch {
      throw Refusal(description: "\(error)")
    }
  }

  package func inspectHeader(_ prefix: [UInt8]) -> ImageHeaderVerdict {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
    let magic = prefix.starts(with: png) ? png : prefix.starts(with: jpeg) ? jpeg : nil
    guard let magic else {
      // Too short to tell only while what arrived could still begin one of the two signatures.
      let couldBecome = png.starts(with: prefix) || jpeg.starts(with: prefix)
      return couldBecome ? .needsMoreBytes : .refused("unsupported image format (only PNG and JPEG are accepted)")
    }
    if magic == png && prefix.count < 24 { return .needsMoreBytes }
    do {
      _ = try SDLImageDecoder.checkHeader(prefix)
      return .acceptable
    } catch let refusal as Refusal where refusal.isTruncation {
      return .needsMoreBytes
    } catch {
      return .refused("\(error)")
    }
  }

  /// The format of `bytes` by their magic bytes, after checking the size their header declares.
  /// - Throws: `Refusal` for any other format, a truncated header, or too many pixels.
  package static func checkHeader(_ bytes: [UInt8]) throws -> Format {
    let (format, size) = try declaredSize(bytes)
    guard size.width > 0, size.height > 0 else {
      throw Refusal(description: "\(format.rawValue) declares an empty image (\(size.width)x\(size.height))")
    }
    guard size.width <= maximumDimension, size.height <= maximumDimension else {
      throw Refusal(
        description:
          "\(format.rawValue) declares \(size.width)x\(size.height) pixels, more than \(maximumDimension) a side")
    }
    guard size.width * size.height <= maximumPixelCount else {
      throw Refusal(
        description:
          "\(format.rawValue) declares \(size.width)x\(size.height) pixels, more than \(maximumPixelCount) in all")
    }
    return format
  }

  private static func declaredSize(_ bytes: [UInt8]) throws -> (Format, (width: Int, height: Int)) {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      // The first chunk must be IHDR: length, "IHDR", width, height (big-endian).
      guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else {
        throw Refusal(description: "PNG without an IHDR header")
      }
      return (.png, (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4)))
    }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      return (.jpeg, try jpegFrameSize(bytes))
    }
    throw Refusal(description: "unsupported image format (only PNG and JPEG are accepted)")
  }

  /// The size in a JPEG's start-of-frame segment, found by walking the segments after SOI.
  private static func jpegFrameSize(_ bytes: [UInt8]) throws -> (width: Int, height: Int) {
    var index = 2
    while index + 1 < bytes.count {
      guard bytes[index] == 0xFF else { throw Refusal(description: "JPEG with a broken segment at byte \(index)") }
      var marker = bytes[index + 1]
      index += 2
      while marker == 0xFF, index < bytes.count {  // fill bytes
        marker = bytes[index]
        index += 1
      }
      switch marker {
      case 0x01, 0xD0...0xD7:
        continue  // no length
      case 0xD8, 0xD9, 0xDA:
        throw Refusal(description: "JPEG without a frame header before its image data")
      default:
        break
      }
      guard index + 2 <= bytes.count else { break }
      let length = bigEndian(bytes, index, 2)
      guard length >= 2 else { throw Refusal(description: "JPEG with a broken segment length at byte \(index)") }
      let isStartOfFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
      if isStartOfFrame {
        guard length >= 7, index + 7 <= bytes.count else { break }
        return (bigEndian(bytes, index + 5, 2), bigEndian(bytes, index + 3, 2))
      }
      index += length
    }
    throw Refusal(description: Refusal.truncatedJPEG)
  }

  private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
    bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
  }
}
