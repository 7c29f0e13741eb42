import IntermissionCore

#if canImport(Glibc)
  import Glibc
#endif

/// The sample ads that ship with Intermission (`Assets/ads/`), found without configuration: from
/// `$INTERMISSION_ASSETS`, next to or above the running executable (an installed or copied game),
/// or in the package's own checkout, where SwiftPM builds a dependent package's copy of it.
public enum SampleAds {
  /// The path of the manifest below an assets folder.
  static let relativeManifest = "ads/manifest.json"

  /// The sample manifest, or nil if none is found.
  /// - Parameter environment: looked up for `INTERMISSION_ASSETS`; nil reads the process's.
  public static func manifestPath(environment: [String: String]? = nil) -> String? {
    let assets =
      environment.map { $0["INTERMISSION_ASSETS"] } ?? getenv("INTERMISSION_ASSETS").map { String(cString: $0) }
    if let assets, !assets.isEmpty {
      return FilePath.join(assets, relativeManifest)
    }
    var folder = FilePath.folder(of: FilePath.executable() ?? CommandLine.arguments[0])
    while !folder.isEmpty && folder != "/" && folder != "." {
      let candidate = FilePath.join(folder, "Assets/" + relativeManifest)
      if RegularFile.isReadable(candidate) { return candidate }
      folder = FilePath.folder(of: folder)
    }
    // Sources/IntermissionAds/SampleAds.swift, three folders below the package's root.
    let root = FilePath.folder(of: FilePath.folder(of: FilePath.folder(of: #filePath)))
    let checkout = FilePath.join(root, "Assets/" + relativeManifest)
    if RegularFile.isReadable(checkout) { return checkout }
    let local = FilePath.join(FilePath.currentDirectory() ?? ".", "Assets/" + relativeManifest)
    return RegularFile.isReadable(local) ? local : nil
  }
}
