import IntermissionCore

#if canImport(Glibc)
  import Glibc
#endif

/// Brings rows of kept pixels up to date from freshly drawn ones, and says which changed: the
/// step that turns "what was drawn" into "what to upload".
package enum ChangedPixels {
  /// Copies `region` of `fresh` (its rows `freshPitch` bytes apart, its first pixel the region's
  /// top left) over the same region of `kept` (the whole surface, `keptPitch` bytes a row), RGBA,
  /// and returns the smallest rectangle holding every pixel that differed (empty when none did).
  package static func update(
    _ kept: UnsafeMutableRawPointer, keptPitch: Int, from fresh: UnsafeRawPointer, freshPitch: Int,
    region: PixelRect
  ) -> PixelRect {
    var changed = PixelRect.empty
    let rowBytes = region.width * 4
    for row in 0..<region.height {
      let old = kept + (region.y + row) * keptPitch + region.x * 4
      let new = fresh + row * freshPitch
      guard memcmp(old, new, rowBytes) != 0 else { continue }
      // The first and last differing pixels of the row.
      let oldPixels = old.assumingMemoryBound(to: UInt32.self)
      let newPixels = new.assumingMemoryBound(to: UInt32.self)
      var first = 0
      while oldPixels[first] == newPixels[first] { first += 1 }
      var last = region.width - 1
      while oldPixels[last] == newPixels[last] { last -= 1 }
      memcpy(old, new, rowBytes)
      changed = changed.union(PixelRect(x: region.x + first, y: region.y + row, width: last - first + 1, height: 1))
    }
    return changed
  }
}
