import IntermissionCore
import IntermissionSDL

#if canImport(Glibc)
  import Glibc
#endif

/// Pixels that an overlay draws into, for a game that draws with anything (OpenGL, Vulkan, raylib,
/// LÖVE, Godot) and uploads them as a texture: premultiplied RGBA, with the rectangle that
/// changed since the game last took them (`takeFrame()`), so that a banner that stands still
/// costs no upload at all. Nothing of SDL reaches the game: the overlay draws with SDL's software
/// renderer into a surface of its own, without a window or SDL's video subsystem.
public final class PixelCanvas {
  private let target: PixelTarget
  /// The canvas the overlay draws on, into the target.
  package let canvas: SDLCanvas
  /// The pixels as the last drawing left them, `pitch` bytes a row.
  private var kept: UnsafeMutableRawPointer
  private var keptSize = (width: 0, height: 0)
  /// Where the last drawing of the target drew, to clear before the next.
  private var lastDrawn = PixelRect.empty
  /// Whether the pixels hold a drawing of the canvas at its size: false at first and after a
  /// resize, when a drawing must happen even if the overlay has nothing new to show.
  package private(set) var hasDrawn = false
  /// What changed since the frame was last taken.
  private var dirty = PixelRect.empty
  /// Rows read back from the target, reused from frame to frame.
  private var scratch: UnsafeMutableRawPointer
  private var scratchBytes = 0

  /// The largest side in pixels.
  public static let maximumSide = PixelTarget.maximumSide

  /// Makes pixels for a window of `width` x `height` points (the coordinates input uses) at
  /// `scale` pixels per point (2 on a 2x HiDPI display): `width × scale` by `height × scale`
  /// pixels, transparent.
  /// - Parameters:
  ///   - width: the window's width in window coordinates.
  ///   - height: the window's height in window coordinates.
  ///   - scale: pixels per window point, 0.5 to 8.
  ///   - fontPath: the font for text; nil takes the system's DejaVu Sans. The system's fonts serve
  ///     what it lacks, every script included.
  /// - Throws: `PixelCanvas.SizeError` for a size or a scale out of range; `SDLError` when SDL's
  ///   software renderer, SDL_ttf or the font cannot be opened.
  public init(width: Double, height: Double, scale: Double = 1, fontPath: String? = nil) throws {
    try Self.check(width: width, height: height, scale: scale)
    guard let font = fontPath ?? SystemFont.path else { throw SizeError(reason: "no font given and none found") }
    target = try PixelTarget(width: width, height: height, scale: scale)
    canvas = try SDLCanvas(target: target, renderer: target.renderer, fontPaths: [font], fontLookup: .system)
    let bounds = target.bounds
    kept = try Self.zeroedPixels(width: bounds.width, height: bounds.height)
    keptSize = (bounds.width, bounds.height)
    dirty = bounds
    guard let scratch = malloc(4) else { throw SizeError(reason: "out of memory") }
    self.scratch = scratch
    scratchBytes = 4
  }

  deinit {
    free(kept)
    free(scratch)
  }

  /// Transparent pixels, `width` x `height`, from the system's zeroed pages (calloc touches none).
  private static func zeroedPixels(width: Int, height: Int) throws -> UnsafeMutableRawPointer {
    guard let pixels = calloc(width * height, 4) else {
      throw SizeError(reason: "not enough memory for \(width) x \(height) pixels")
    }
    return pixels
  }

  /// A size or scale a canvas cannot have.
  public struct SizeError: Error, CustomStringConvertible {
    /// What was wrong.
    public let reason: String
    /// The reason, as a message says it.
    public var description: String { reason }
  }

  /// Checks a size and scale as `init` and `resize` do, without making anything.
  /// - Throws: `SizeError` naming what is out of range.
  package static func check(width: Double, height: Double, scale: Double) throws {
    guard scale.isFinite, (0.5...8).contains(scale) else {
      throw SizeError(reason: "the scale \(scale) is not between 0.5 and 8")
    }
    guard width.isFinite, height.isFinite, width >= 1, height >= 1 else {
      throw SizeError(reason: "the size \(width) x \(height) is not at least 1 x 1")
    }
    // Checked as numbers first: a size too large for an Int is refused, never converted.
    let side = Double(maximumSide)
    guard (width * scale).rounded() <= side, (height * scale).rounded() <= side else {
      throw SizeError(reason: "the surface would be over \(maximumSide) pixels on a side")
    }
    let pixels = PixelTarget.pixelSize(of: Size(width: width, height: height), scale: scale)
    guard pixels.width >= 1, pixels.height >= 1, pixels.width <= maximumSide, pixels.height <= maximumSide else {
      throw SizeError(
        reason: "the surface would be \(pixels.width) x \(pixels.height) pixels, outside 1...\(maximumSide)")
    }
  }

  /// The size in window coordinates.
  public var size: Size { target.size }
  /// Pixels per window point.
  public var scale: Double { target.scale }

  /// Makes the canvas `width` x `height` points at `scale`: transparent, and wholly dirty.
  /// - Throws: `SizeError` or `SDLError`; the canvas is then unchanged.
  public func resize(width: Double, height: Double, scale: Double) throws {
    try Self.check(width: width, height: height, scale: scale)
    let pixels = PixelTarget.pixelSize(of: Size(width: width, height: height), scale: scale)
    let fresh = try Self.zeroedPixels(width: pixels.width, height: pixels.height)
    do {
      try target.resize(width: width, height: height, scale: scale)
    } catch {
      free(fresh)
      throw error
    }
    free(kept)
    kept = fresh
    let bounds = target.bounds
    keptSize = (bounds.width, bounds.height)
    lastDrawn = .empty
    hasDrawn = false
    dirty = bounds
  }

  /// Runs `draw` on the canvas, for one frame: what the last frame drew is cleared first, and what
  /// changed is added to the dirty rectangle afterwards. `draw` draws as an overlay does, inside
  /// the canvas's `drawOverlay` (`AdOverlay.draw(on:)` does).
  package func drawFrame(_ draw: (SDLCanvas) -> Void) {
    target.clear(lastDrawn)
    target.renderer.drawnBounds = .empty
    draw(canvas)
    let drawn = (target.renderer.drawnBounds ?? .empty).intersection(target.bounds)
    target.renderer.drawnBounds = nil
    let region = lastDrawn.union(drawn).intersection(target.bounds)
    lastDrawn = drawn
    hasDrawn = true
    // Read back in strips of at most `stripRows` rows, each compared with the kept pixels: the
    // scratch stays small (a strip, not a surface).
    var top = region.y
    while top < region.y + region.height {
      let strip = PixelRect(
        x: region.x, y: top, width: region.width, height: min(Self.stripRows, region.y + region.height - top))
      top += strip.height
      let bytes = strip.width * strip.height * 4
      if bytes > scratchBytes {
        guard let grown = realloc(scratch, bytes) else {
          // Out of memory: the next frame clears, draws and reads all of this region again.
          lastDrawn = region
          return
        }
        scratch = grown
        scratchBytes = bytes
      }
      guard (try? target.read(strip, into: scratch, pitch: strip.width * 4)) != nil else {
        // Nothing read: the next frame clears, draws and reads all of this region again.
        lastDrawn = region
        return
      }
      let changed = ChangedPixels.update(
        kept, keptPitch: keptSize.width * 4, from: scratch, freshPitch: strip.width * 4, region: strip)
      dirty = dirty.union(changed)
    }
  }

  /// Rows read back at a time.
  private static let stripRows = 32

  /// Every pixel of the target as SDL holds it now, read back whole (tests compare the kept
  /// pixels, which only the changed region is read into, with it).
  package func readWhole() throws -> [UInt8] {
    let bounds = target.bounds
    var bytes = [UInt8](repeating: 0, count: bounds.width * bounds.height * 4)
    try bytes.withUnsafeMutableBytes { try target.read(bounds, into: $0.baseAddress!, pitch: bounds.width * 4) }
    return bytes
  }

  /// The pixels as the last drawing left them, with what changed since the last call; the pointer
  /// stays valid until the next drawing, resize or release of the canvas.
  public func takeFrame() -> PixelFrame {
    defer { dirty = .empty }
    return PixelFrame(
      pixels: UnsafeRawPointer(kept), width: keptSize.width, height: keptSize.height, pitch: keptSize.width * 4,
      dirty: dirty)
  }
}
