import IntermissionBasics

extension ReplayScript {
  /// The largest script file read: 16 MiB.
  package static let maximumFileSize = 16 << 20

  /// Why a script file could not become a script.
  package enum FileError: Error, CustomStringConvertible {
    /// The file is missing, not a regular file, unreadable or too large (the reason says which).
    case unreadable(path: String, reason: String)
    /// The file is not UTF-8 text.
    case notText(path: String)
    /// A line is bad.
    case badLine(ParseError)

    package var description: String {
      switch self {
      case .unreadable(let path, let reason):
        "cannot read script file \(PrintableText.escaping(path, limit: 200)): \(reason)"
      case .notText(let path): "script file \(PrintableText.escaping(path, limit: 200)) is not UTF-8 text"
      case .badLine(let error): "bad script line: \(error)"
      }
    }
  }

  /// Reads and parses the script at `path`: a regular file of UTF-8 text, at most
  /// `maximumFileSize` bytes.
  /// - Throws: `FileError`.
  package static func read(path: String) throws -> ReplayScript {
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path, limit: maximumFileSize)
    } catch {
      throw FileError.unreadable(path: path, reason: "\(error)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw FileError.notText(path: path) }
    do {
      return try parse(text, file: path)
    } catch let error as ParseError {
      throw FileError.badLine(error)
    }
  }
}
