import IntermissionBasics
import IntermissionCore

/// The live overlays by handle. A handle is a number, never a pointer to the overlay: a NULL,
/// destroyed or made-up handle is simply not found, so no call can touch freed memory, and a
/// destroyed overlay's handle never comes back for another.
final class OverlayHandles: @unchecked Sendable {
  /// The process's overlays.
  static let shared = OverlayHandles()

  private let lock = Condition()
  private var overlays: [UInt: EmbeddedOverlay] = [:]
  private var lastNumber: UInt = 0

  /// Registers `overlay` under a new handle and returns the handle.
  func register(_ overlay: EmbeddedOverlay) -> OpaquePointer {
    lock.withLock {
      lastNumber &+= 1
      // Odd and never 0: no aligned pointer to anything looks like it.
      let handle = lastNumber << 4 | 0xD
      overlays[handle] = overlay
      return OpaquePointer(bitPattern: handle)!
    }
  }

  /// The overlay with `handle`, or nil for NULL and for handles not (or no longer) registered.
  func overlay(_ handle: OpaquePointer?) -> EmbeddedOverlay? {
    guard let handle else { return nil }
    return lock.withLock { overlays[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))] }
  }

  /// Unregisters `handle` and returns its overlay, if it was registered.
  func remove(_ handle: OpaquePointer?) -> EmbeddedOverlay? {
    guard let handle else { return nil }
    return lock.withLock { overlays.removeValue(forKey: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))) }
  }
}
