#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where trace lines go.
public protocol TraceOutput: AnyObject {
  /// Writes one complete line, newline included.
  func write(line: String)
}

/// Keeps trace lines in memory, for tests.
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
public final class FileTraceOutput: TraceOutput {
  /// An error opening the trace file.
  public struct OpenError: Error, CustomStringConvertible {
    /// The path that could not be opened.
    public let path: String
    /// The system's reason.
    public let reason: String
    public var description: String { "cannot open trace file \(path): \(reason)" }
  }

  private let descriptor: Int32

  /// Creates or truncates the file at `path`.
  /// - Throws: `OpenError` naming the path and the reason.
  public init(path: String) throws {
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw OpenError(path: path, reason: String(cString: strerror(errno)))
    }
  }

  deinit { close(descriptor) }

  /// Writes `line` completely, retrying short writes and interrupted calls.
  public func write(line: String) {
    var line = line
    line.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
