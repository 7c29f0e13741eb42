#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Path arithmetic on strings, without Foundation: the folder of a path, joining, lexical
/// normalisation, and the system's `realpath`.
package enum FilePath {
  /// The folder that contains `path`: `"."` for a bare name, `"/"` for a file at the root.
  package static func folder(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }

  /// `folder` and `name` joined with one slash.
  package static func join(_ folder: String, _ name: String) -> String {
    if folder.isEmpty { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// `path` with `.` and empty components removed and each `..` taking away the component before
  /// it, without looking at the file system; `..` above the root of an absolute path stays at the
  /// root, and leading `..` of a relative path are kept.
  package static func normalized(_ path: String) -> String {
    let isAbsolute = path.hasPrefix("/")
    var components: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      if component == "." { continue }
      if component == ".." {
        if let last = components.last, last != ".." {
          components.removeLast()
        } else if !isAbsolute {
          components.append(component)
        }
        continue
      }
      components.append(component)
    }
    let joined = components.joined(separator: "/")
    return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// The canonical absolute path of an existing file, with every symbolic link resolved, or nil.
  package static func resolved(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The path of the running executable (`/proc/self/exe`), or nil.
  package static func executable() -> String? { resolved("/proc/self/exe") }

  /// The current working directory, or nil.
  package static func currentDirectory() -> String? {
    guard let path = getcwd(nil, 0) else { return nil }
    defer { free(path) }
    return String(cString: path)
  }
}

extension FilePath {
  /// Where a relative path leads from a folder it must not leave.
  package enum Containment: Hashable, Sendable {
    /// The canonical path of the existing file, inside the folder.
    case inside(String)
    /// The path is absolute, starts with `~`, or leaves the folder (by `..` or a symbolic link).
    case outside
    /// The path stays inside the folder but names nothing.
    case missing
  }

  /// Resolves `relative` against `folder` (itself resolved), refusing a path that leaves it, first
  /// lexically and then with every symbolic link resolved.
  package static func contained(_ relative: String, in folder: String) -> Containment {
    guard !relative.hasPrefix("/"), !relative.hasPrefix("~") else { return .outside }
    let joined = join(folder, relative)
    guard isInside(normalized(joined), folder: folder) else { return .outside }
    guard let resolved = resolved(joined) else { return .missing }
    return isInside(resolved, folder: folder) ? .inside(resolved) : .outside
  }

  /// Whether `path` lies below `folder` (both normalised).
  package static func isInside(_ path: String, folder: String) -> Bool {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return path.hasPrefix(prefix)
  }
}
