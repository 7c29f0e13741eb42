#if canImport(Glibc)
  import Glibc
#endif

/// The process's environment, without Foundation.
public enum ProcessEnvironment {
  /// Variables that replace the process's for the code run inside `$overrides.withValue` (on that
  /// task, or that thread's synchronous call): a headless test's run keeps the files it writes
  /// (`XDG_DATA_HOME`, `XDG_CACHE_HOME`) in a folder of its own, whatever runs beside it.
  @TaskLocal package static var overrides: [String: String] = [:]

  /// Every variable of the process's environment, by name, with the `overrides` in force.
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
    return variables.merging(overrides) { _, override in override }
  }
}
