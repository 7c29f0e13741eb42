#if canImport(Glibc)
  import Glibc
#endif

/// The process's environment, without Foundation.
public enum ProcessEnvironment {
  /// Every variable of the process's environment, by name.
  public static func current() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return variables
  }
}
