#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads untrusted files safely: only regular files, opened without blocking (a FIFO or a device
/// can never hang the reader), checked with `fstat` after opening (so the file read is the file
/// checked), and never more than a limit.
package enum RegularFile {
  /// Why a file was not read.
  package enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case missing
    /// Something other than a regular file is there: a FIFO, a device, a socket or a folder.
    case notRegular(kind: String)
    /// The file is larger than the limit.
    case tooLarge(limit: Int)
    /// The system refused: its reason.
    case unreadable(reason: String)

    package var description: String {
      switch self {
      case .missing: "no such file"
      case .notRegular(let kind): "not a regular file (a \(kind))"
      case .tooLarge(let limit): "larger than \(limit) bytes"
      case .unreadable(let reason): reason
      }
    }
  }

  /// Reads the whole regular file at `path`.
  /// - Parameters:
  ///   - path: the file.
  ///   - limit: the most bytes accepted; a larger file is refused, even one that grows while read.
  /// - Returns: the file's bytes.
  /// - Throws: `Failure` naming what was wrong.
  package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
    let descriptor = try open(path)
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason: systemReason()) }
    guard Int(status.st_size) <= limit else { throw .tooLarge(limit: limit) }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        guard count <= limit else { throw .tooLarge(limit: limit) }
        bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), limit + 1 - count)))
      }
      let got = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw .unreadable(reason: systemReason())
      }
      if got == 0 { break }
      count += got
    }
    guard count <= limit else { throw .tooLarge(limit: limit) }
    bytes.removeLast(bytes.count - count)
    return bytes
  }

  /// Checks that `path` names a readable regular file, without reading it.
  /// - Throws: `Failure` naming what was wrong.
  package static func check(_ path: String) throws(Failure) {
    close(try open(path))
  }

  /// Whether `path` names a readable regular file.
  package static func isReadable(_ path: String) -> Bool { (try? check(path)) != nil }

  /// Opens `path` for reading without blocking and checks that it is a regular file.
  private static func open(_ path: String) throws(Failure) -> Int32 {
    let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      throw errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(reason: systemReason())
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = systemReason()
      close(descriptor)
      throw .unreadable(reason: reason)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notRegular(kind: kind(of: status.st_mode))
    }
    // Regular files never block; reads may go back to blocking (and so never return EAGAIN).
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return descriptor
  }

  /// A word for the kind of file `mode` describes.
  static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "folder"
    case S_IFIFO: "FIFO"
    case S_IFCHR: "character device"
    case S_IFBLK: "block device"
    case S_IFSOCK: "socket"
    case S_IFLNK: "symbolic link"
    default: "special file"
    }
  }

  private static func systemReason() -> String { String(cString: strerror(errno)) }
}
