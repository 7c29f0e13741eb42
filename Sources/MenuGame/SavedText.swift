import IntermissionBasics
import IntermissionCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The demo's small text files, written whole: to a temporary file beside the old one (`.new`),
/// synced and renamed over it, so that a kill at any moment leaves the old file or the new one.
enum SavedText {
  /// Replaces the file at `path` with `text`, creating its missing folders.
  /// - Returns: why it failed, or nil when the new file is in place.
  static func replace(_ path: String, with text: String) -> String? {
    makeFolders(FilePath.folder(of: path))
    let temporary = path + ".new"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return failure("cannot create \(temporary)") }
    let written = Array(text.utf8).withUnsafeBytes { FileDescriptor.writeAll(descriptor, $0) }
    let synced = fsync(descriptor)
    close(descriptor)
    guard written == 0, synced == 0 else {
      let reason = failure("cannot write \(temporary)")
      unlink(temporary)
      return reason
    }
    guard rename(temporary, path) == 0 else { return failure("cannot replace \(path)") }
    return nil
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

  private static func makeFolders(_ folder: String) {
    guard !folder.isEmpty, folder != "/", access(folder, F_OK) != 0 else { return }
    makeFolders(FilePath.folder(of: folder))
    mkdir(folder, 0o755)
  }

  private static func failure(_ what: String) -> String { "\(what): \(String(cString: strerror(errno)))" }
}
