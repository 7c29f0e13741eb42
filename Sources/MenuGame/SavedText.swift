import IntermissionBasics
import IntermissionCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The demo's small text files, written whole (`AtomicFile`), so that a kill at any moment leaves
/// the old file or the new one.
enum SavedText {
  /// Replaces the file at `path` with `text`, creating its missing folders.
  /// - Returns: why it failed, or nil when the new file is in place.
  static func replace(_ path: String, with text: String) -> String? {
    // The temporary is opened as it is: the crash tests put a FIFO there to stop the demo inside
    // its save, and kill it at that moment.
    AtomicFile.replace(path, with: Array(text.utf8), freshTemporary: false)
  }

  /// Why a file could not be read back.
  enum Failure: Error {
    /// It could not be read: the reason.
    case unreadable(String)
    /// Its first line is not the expected header.
    case notOurs
  }

  /// The words of each line after the first of the file at `path` (at most 64 KiB), whose first
  /// line must be `header`; nil when there is no file.
  static func words(_ path: String, header: String) -> Result<[[String]], Failure>? {
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path, limit: 64 * 1024)
    } catch {
      if case .missing = error { return nil }
      return .failure(.unreadable("\(error)"))
    }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    guard lines.first.map({ String($0) == header }) == true else { return .failure(.notOurs) }
    return .success(lines.dropFirst().map { $0.split(separator: " ").map(String.init) })
  }

  /// Moves the file at `path`, which is not `what` it should be, aside to `path.corrupt`, for a
  /// look, never overwritten.
  /// - Returns: the message saying so.
  static func setAside(_ path: String, notBeing what: String) -> String {
    _ = rename(path, path + ".corrupt")
    return "\(path): not \(what); moved aside"
  }
}
