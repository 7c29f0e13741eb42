import Glibc
import IntermissionBasics
import IntermissionCore

/// Checks of the files the program will write, made before any window opens.
enum OutputPath {
  /// Why an output path is refused.
  struct Refusal: Error, CustomStringConvertible {
    let description: String
  }

  /// Checks that a screenshot can be written at `path`: its name ends in `.png`, its folder exists
  /// and is writable, and anything already there is a writable regular file. Creates nothing.
  /// - Throws: `Refusal` naming the path and the reason.
  static func checkScreenshot(_ path: String) throws {
    let name = PrintableText.escaping(path, limit: 200)
    func refuse(_ reason: String) -> Refusal { Refusal(description: "cannot write screenshot \(name): \(reason)") }
    guard path.lowercased().hasSuffix(".png"), path.count > 4 else { throw refuse("the name must end in .png") }
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG else { throw refuse("not a regular file") }
      guard access(path, W_OK) == 0 else { throw refuse(String(cString: strerror(errno))) }
      return
    }
    let folder: String
    if let slash = path.lastIndex(of: "/") {
      folder = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
      folder = "."
    }
    guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw refuse("its folder does not exist")
    }
    guard access(folder, W_OK) == 0 else { throw refuse("its folder is not writable") }
  }
}
