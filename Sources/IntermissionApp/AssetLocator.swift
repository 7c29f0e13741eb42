import Foundation

/// Finds the files the host needs at run time: the font and the shipped ad inventory.
public enum AssetLocator {
  /// Why a needed file was not found.
  public struct MissingAsset: Error, CustomStringConvertible {
    /// The message, naming what was looked for and how to fix it.
    public let description: String
  }

  /// System fonts tried in order when no font is given.
  public static let systemFontCandidates = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
  ]

  /// The font to use: `explicit` (from `--font`), else `$INTERMISSION_FONT`, else DejaVu Sans.
  /// - Throws: `MissingAsset` naming the file and the fix.
  public static func font(explicit: String?, environment: [String: String]) throws -> String {
    if let explicit {
      guard isReadableFile(explicit) else {
        throw MissingAsset(description: "font file '\(explicit)' (--font) not found")
      }
      return explicit
    }
    if let fromEnvironment = environment["INTERMISSION_FONT"] {
      guard isReadableFile(fromEnvironment) else {
        throw MissingAsset(description: "font file '\(fromEnvironment)' (INTERMISSION_FONT) not found")
      }
      return fromEnvironment
    }
    if let found = systemFontCandidates.first(where: isReadableFile) { return found }
    throw MissingAsset(
      description: "no font found (looked for \(systemFontCandidates.joined(separator: ", "))). "
        + "Install Debian's fonts-dejavu-core, or pass --font FILE.")
  }

  /// The shipped ad manifest: `$INTERMISSION_ASSETS/ads/manifest.json`, else `Assets/ads/manifest.json`
  /// found next to or above the executable, else under the current directory.
  public static func defaultAdManifest(environment: [String: String]) -> String? {
    let relative = "ads/manifest.json"
    if let assets = environment["INTERMISSION_ASSETS"] {
      return (assets as NSString).appendingPathComponent(relative)
    }
    var folder = (executablePath() as NSString).deletingLastPathComponent
    while !folder.isEmpty && folder != "/" {
      let candidate = (folder as NSString).appendingPathComponent("Assets/" + relative)
      if isReadableFile(candidate) { return candidate }
      folder = (folder as NSString).deletingLastPathComponent
    }
    let local = FileManager.default.currentDirectoryPath + "/Assets/" + relative
    return isReadableFile(local) ? local : nil
  }

  private static func executablePath() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }

  private static func isReadableFile(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
      && FileManager.default.isReadableFile(atPath: path)
  }
}
