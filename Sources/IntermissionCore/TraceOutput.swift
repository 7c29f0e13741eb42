import IntermissionBasics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where trace lines go.
public protocol TraceOutput: AnyObject {
  /// Writes one complete line, newline included.
  func write(line: String)

  /// Writes the record of `event` (its name, such as `banner.shown`) as one complete line,
  /// newline included. By default, `write(line:)`; an output that tells records apart by their
  /// event reads the name here instead of parsing the line.
  func write(line: String, event: String)

  /// Why a write failed, once one has; nil while every line got through.
  var failure: String? { get }
}

extension TraceOutput {
  /// Writes the line; the event's name is in it.
  public func write(line: String, event: String) { write(line: line) }

  /// Outputs that cannot fail never report a failure.
  public var failure: String? { nil }
}

/// Keeps trace lines in memory, for tests: `Trace(output: MemoryTraceOutput())`, then read `lines`.
public final class MemoryTraceOutput: TraceOutput {
  /// The lines written so far, without their newlines.
  public private(set) var lines: [String] = []

  /// Creates an empty output.
  public init() {}

  /// Appends `line`, less its newline.
  public func write(line: String) {
    lines.append(String(line.dropLast()))
  }
}

/// Writes trace lines to a file, each with one `write(2)`, unbuffered, so that every line written
/// is in the file whenever and however the program ends.
///
/// The path must name a regular file (created or truncated), or standard output as `-` or
/// `/dev/stdout` (a terminal, a pipe or a file, as the shell set it up). Anything else, such as a
/// FIFO or a device, is refused when opening, so that it can neither block nor swallow the trace.
/// A failed write (a full disk, a closed pipe) is kept in `failure`, and nothing more is written.
public final class FileTraceOutput: TraceOutput {
  /// An error opening the trace file.
  public struct OpenError: Error, CustomStringConvertible {
    /// The path that could not be opened.
    public let path: String
    /// The system's reason.
    public let reason: String
    public var description: String { "cannot open trace file \(path): \(reason)" }
  }

  /// The path as given.
  public let path: String
  /// Why a write failed, once one has.
  public private(set) var failure: String?
  private let descriptor: Int32

  /// Creates or truncates the regular file at `path`, or writes to standard output for `-` and
  /// `/dev/stdout`.
  /// - Throws: `OpenError` naming the path and the reason.
  public init(path: String) throws {
    self.path = path
    if path == "-" || path == "/dev/stdout" {
      descriptor = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
      guard descriptor >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
      return
    }
    // Refuse what is not a regular file before opening it, so that opening cannot truncate or block.
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      throw OpenError(path: path, reason: "not a regular file (use /dev/stdout for standard output)")
    }
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o644)
    guard descriptor >= 0 else {
      throw OpenError(path: path, reason: String(cString: strerror(errno)))
    }
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw OpenError(path: path, reason: "not a regular file (use /dev/stdout for standard output)")
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
  }

  deinit { close(descriptor) }

  /// Writes `line` completely, retrying short writes and interrupted calls; after a failure, nothing.
  public func write(line: String) {
    guard failure == nil else { return }
    var line = line
    let code = line.withUTF8 { FileDescriptor.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    if code != 0 { failure = String(cString: strerror(code)) }
  }
}
