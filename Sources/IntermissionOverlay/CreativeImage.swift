import IntermissionAds
import IntermissionCore

/// A creative on its way to the screen: decoded off the loop, uploaded to the canvas at its first
/// draw, and the one it replaces discarded on the canvas's thread.
///
/// Once uploaded, the decoded image is let go: the canvas's copy is the only one kept, so a
/// preloaded creative costs one decoded copy of itself.
struct CreativeImage {
  /// The decoded image, until it is uploaded.
  private var decoded: (any DecodedImage)?
  /// The uploaded image, once drawn.
  private(set) var uploaded: ImageHandle?
  private var stale: [ImageHandle] = []

  init() { stale.reserveCapacity(4) }

  /// Takes a newly decoded creative; the uploaded one, if any, is discarded at the next draw.
  mutating func replace(with image: any DecodedImage) {
    if let uploaded { stale.append(uploaded) }
    uploaded = nil
    decoded = image
  }

  /// Drops the current creative: discarded at the next draw.
  mutating func clear() {
    if let uploaded { stale.append(uploaded) }
    uploaded = nil
    decoded = nil
  }

  /// Hands the current creative, uploaded or not, over to `other` (whose own goes to be
  /// discarded); this one is empty afterwards, and nothing of it is discarded.
  mutating func handOver(to other: inout CreativeImage) {
    if let uploaded = other.uploaded { other.stale.append(uploaded) }
    other.decoded = decoded
    other.uploaded = uploaded
    decoded = nil
    uploaded = nil
  }

  /// Discards what was replaced and uploads the current creative if it is not yet, letting the
  /// decoded image go once the canvas has it: call it at the start of a draw, on the canvas's thread.
  mutating func prepare(on canvas: any Canvas) {
    while let image = stale.popLast() { canvas.discard(image) }
    if uploaded == nil, let decoded, let handle = canvas.upload(decoded) {
      uploaded = handle
      self.decoded = nil
    }
  }
}
