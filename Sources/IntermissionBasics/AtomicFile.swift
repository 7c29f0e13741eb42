#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small files written whole: to a temporary file beside the old one (`.new`), synced, renamed over
/// it, and the folder synced, so that a kill or a power cut at any moment leaves the old file or
/// the new one, never a part.
package enum AtomicFile {
  /// Replaces the file at `path` with `bytes`, creating its missing folders. The temporary file is
  /// never opened through a symbolic link planted in its place (`O_NOFOLLOW`).
  /// - Parameters:
  ///   - path: the file.
  ///   - bytes: its new contents.
  ///   - mode: the file's permissions (0644 by default; 0600 for what only the player may read).
  ///   - folderMode: the permissions of folders it creates (0755 by default).
  ///   - freshTemporary: whether whatever is at the temporary's path is removed first and the
  ///     temporary made anew (`O_EXCL`); false opens what is there (a test's FIFO blocks the
  ///     writer there, to kill it at that very moment).
  /// - Returns: why it failed, or nil when the new file is in place.
  package static func replace(
    _ path: String, with bytes: [UInt8], mode: mode_t = 0o644, folderMode: mode_t = 0o755, freshTemporary: Bool = true
  ) -> String? {
    if let failure = makeFolders(FilePath.folder(of: path), mode: folderMode) { return failure }
    let temporary = path + ".new"
    if freshTemporary { unlink(temporary) }
    let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (freshTemporary ? O_EXCL : O_TRUNC)
    let descriptor = open(temporary, flags, mode)
    guard descriptor >= 0 else { return failure("cannot create \(temporary)") }
    let written = bytes.withUnsafeBytes { FileDescriptor.writeAll(descriptor, $0) }
    let synced = fsync(descriptor)
    close(descriptor)
    guard written == 0, synced == 0 else {
      errno = written != 0 ? written : errno
      let reason = failure("cannot write \(temporary)")
      unlink(temporary)
      return reason
    }
    guard rename(temporary, path) == 0 else {
      let reason = failure("cannot replace \(path)")
      unlink(temporary)
      return reason
    }
    syncFolder(FilePath.folder(of: path))
    return nil
  }

  /// Creates `folder` and its missing parents, with `mode`.
  /// - Returns: why it failed, or nil when the folder is there.
  package static func makeFolders(_ folder: String, mode: mode_t = 0o755) -> String? {
    guard !folder.isEmpty, folder != "/" else { return nil }
    var status = stat()
    if stat(folder, &status) == 0 {
      return status.st_mode & S_IFMT == S_IFDIR ? nil : "\(folder) is not a folder"
    }
    if let failure = makeFolders(FilePath.folder(of: folder), mode: mode) { return failure }
    guard mkdir(folder, mode) == 0 || errno == EEXIST else { return failure("cannot create \(folder)") }
    return nil
  }

  /// Syncs the folder's entries (a rename in it) to the disk; a failure leaves the rename to the
  /// system's own write-back.
  private static func syncFolder(_ folder: String) {
    let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  private static func failure(_ what: String) -> String { "\(what): \(String(cString: strerror(errno)))" }
}
