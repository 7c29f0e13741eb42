#if canImport(Glibc)
  import Glibc
#endif

/// The files that ship with Intermission under `Assets/` (the sample ads, the sounds), found without
/// configuration: under `$INTERMISSION_ASSETS`, next to or above the running executable (an
/// installed or copied game), in the package's own checkout (where SwiftPM builds a dependent
/// package's copy of it), or under the current directory.
package enum ShippedAssets {
  /// The path of `relative` (such as `ads/manifest.json`) below the assets folder, or nil when no
  /// assets folder has it as a readable regular file (with `$INTERMISSION_ASSETS` set, that
  /// folder's path is returned whether or not the file is there, so that errors name it).
  /// - Parameters:
  ///   - relative: the file's path below the assets folder, such as `audio/music.wav`.
  ///   - environment: looked up for `INTERMISSION_ASSETS`; nil reads the process's.
  package static func path(_ relative: String, environment: [String: String]? = nil) -> String? {
    let assets =
      environment.map { $0["INTERMISSION_ASSETS"] } ?? getenv("INTERMISSION_ASSETS").map { String(cString: $0) }
    if let assets, !assets.isEmpty {
      return FilePath.join(assets, relative)
    }
    var folder = FilePath.folder(of: FilePath.executable() ?? CommandLine.arguments[0])
    while !folder.isEmpty && folder != "/" && folder != "." {
      let candidate = FilePath.join(folder, "Assets/" + relative)
      if RegularFile.isReadable(candidate) { return candidate }
      folder = FilePath.folder(of: folder)
    }
    // Sources/IntermissionBasics/ShippedAssets.swift, three folders below the package's root.
    let root = FilePath.folder(of: FilePath.folder(of: FilePath.folder(of: #filePath)))
    let checkout = FilePath.join(root, "Assets/" + relative)
    if RegularFile.isReadable(checkout) { return checkout }
    let local = FilePath.join(FilePath.currentDirectory() ?? ".", "Assets/" + relative)
    return RegularFile.isReadable(local) ? local : nil
  }
}
