/// Keeps a video ad's media file where it is (in a cache that evicts its least recently used files)
/// while the ad is ready or showing: the file is released when the last copy of the ad that holds
/// this pin goes (shown, or expired and discarded).
package final class MediaPin: Sendable {
  /// The pinned file's path.
  package let path: String
  private let release: @Sendable () -> Void

  /// Pins `path` until this pin is released, which calls `release` once.
  package init(path: String, release: @escaping @Sendable () -> Void) {
    self.path = path
    self.release = release
  }

  deinit { release() }
}
