import Foundation
import IntermissionBasics

/// Folders a test makes under the temporary directory, removed when its test process exits, so
/// that thousands of runs leave nothing behind (`INTERMISSION_KEEP_TEST_FILES=1` keeps them, to
/// look into a failure).
package enum ScratchFolder {
  /// The project's own lock (pthread's): ThreadSanitizer reports Synchronization's `Mutex` in a
  /// global as an access race of Swift's exclusivity checks.
  private static let made = Locked<[URL]>([])

  /// Makes an empty folder named `prefix-` and a fresh UUID, to be removed at exit.
  package static func make(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let first = made.withLock { folders in
      folders.append(folder)
      return folders.count == 1
    }
    if first && ProcessInfo.processInfo.environment["INTERMISSION_KEEP_TEST_FILES"] == nil {
      atexit { ScratchFolder.removeAll() }
    }
    return folder
  }

  /// The path of a folder `make` made.
  package static func path(_ prefix: String) throws -> String { try make(prefix).path }

  private static func removeAll() {
    for folder in made.withLock({ $0 }) { try? FileManager.default.removeItem(at: folder) }
  }
}
