#if canImport(Glibc)
  import Glibc
#endif

extension FilePath {
  /// Removes `path` and, if it is a folder, everything in it; symbolic links are removed, never
  /// followed. What cannot be removed stays, silently: for temporary folders a run made itself.
  package static func removeTree(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      for name in names(in: path) ?? [] { removeTree(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }

  /// The names of the entries in `folder` (without `.` and `..`), sorted; nil when it cannot be
  /// opened as a folder.
  package static func names(in folder: String) -> [String]? {
    guard let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }
}
