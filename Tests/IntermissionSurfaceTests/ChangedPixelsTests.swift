import IntermissionCore
import IntermissionSurface
import Testing

/// The step from "what was drawn" to "what to upload": rows brought up to date, and the smallest
/// rectangle around every pixel that changed.
@Suite("Changed pixels")
struct ChangedPixelsTests {
  /// An RGBA buffer of `width` x `height` pixels, each pixel's 4 bytes its value.
  static func pixels(_ width: Int, _ height: Int, _ value: UInt32 = 0) -> [UInt32] {
    Array(repeating: value, count: width * height)
  }

  @Test func onlyTheChangedPixelsBoundsAreDirtyAndTheKeptRowsFollow() {
    var kept = Self.pixels(8, 4)
    // The region is columns 2...5 of rows 1...2; two pixels in it change.
    var fresh = Self.pixels(4, 2)
    fresh[0 * 4 + 1] = 0xFF00_00FF
    fresh[1 * 4 + 3] = 0x8000_0080
    let changed = kept.withUnsafeMutableBytes { keptBytes in
      fresh.withUnsafeBytes { freshBytes in
        ChangedPixels.update(
          keptBytes.baseAddress!, keptPitch: 32, from: freshBytes.baseAddress!, freshPitch: 16,
          region: PixelRect(x: 2, y: 1, width: 4, height: 2))
      }
    }
    #expect(changed == PixelRect(x: 3, y: 1, width: 3, height: 2))
    #expect(kept[1 * 8 + 3] == 0xFF00_00FF && kept[2 * 8 + 5] == 0x8000_0080)
    #expect(kept.filter { $0 != 0 }.count == 2, "nothing outside the changes was written")
  }

  @Test func theSamePixelsAgainChangeNothing() {
    var kept = Self.pixels(4, 4, 0x1122_3344)
    let fresh = Self.pixels(4, 4, 0x1122_3344)
    let changed = kept.withUnsafeMutableBytes { keptBytes in
      fresh.withUnsafeBytes { freshBytes in
        ChangedPixels.update(
          keptBytes.baseAddress!, keptPitch: 16, from: freshBytes.baseAddress!, freshPitch: 16,
          region: PixelRect(x: 0, y: 0, width: 4, height: 4))
      }
    }
    #expect(changed.isEmpty)
  }

  @Test func unionAndIntersectionOfRectangles() {
    let a = PixelRect(x: 0, y: 0, width: 4, height: 4)
    let b = PixelRect(x: 2, y: 3, width: 4, height: 4)
    #expect(a.union(b) == PixelRect(x: 0, y: 0, width: 6, height: 7))
    #expect(a.intersection(b) == PixelRect(x: 2, y: 3, width: 2, height: 1))
    #expect(a.intersection(PixelRect(x: 9, y: 9, width: 1, height: 1)).isEmpty)
    #expect(PixelRect.empty.union(b) == b && b.union(.empty) == b)
  }
}
