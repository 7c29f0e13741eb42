import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionSDL

/// Finds the files the host needs at run time: the font, the shipped ad inventory and the sounds.
package enum AssetLocator {
  /// Why a needed file was not found.
  package struct MissingAsset: Error, CustomStringConvertible {
    /// The message, naming what was looked for and how to fix it.
    package let description: String
  }

  /// A font file and where it was named.
  package struct FontChoice: Hashable, Sendable {
    /// The file.
    package let path: String
    /// Where it was named: `--font`, `INTERMISSION_FONT` or `system font`.
    package let source: String
  }

  /// The font to use: `explicit` (from `--font`), else `$INTERMISSION_FONT`, else DejaVu Sans. A
  /// named font must be a readable regular file (never a FIFO or a device, which could block).
  /// - Throws: `MissingAsset` naming the file, the option and the fix.
  package static func font(explicit: String?, environment: [String: String]) throws -> FontChoice {
    for (path, source) in [(explicit, "--font"), (environment["INTERMISSION_FONT"], "INTERMISSION_FONT")] {
      guard let path else { continue }
      do {
        try RegularFile.check(path)
      } catch {
        throw MissingAsset(
          description: "font file '\(PrintableText.escaping(path, limit: 200))' (\(source)): \(error)")
      }
      return FontChoice(path: path, source: source)
    }
    if let found = SystemFont.path {
      return FontChoice(path: found, source: "system font")
    }
    throw MissingAsset(
      description: "no font found (looked for \(SystemFont.candidates.joined(separator: ", "))). "
        + "Install Debian's fonts-dejavu-core, or pass --font FILE.")
  }

  /// The shipped ad manifest (`SampleAds`): `$INTERMISSION_ASSETS/ads/manifest.json`, else
  /// `Assets/ads/manifest.json` found next to or above the executable, in the package's checkout,
  /// or under the current directory.
  package static func defaultAdManifest(environment: [String: String]) -> String? {
    SampleAds.manifestPath(environment: environment)
  }

  /// The folder of the shipped sounds (`music.wav`, `click.wav`, `catch.wav`):
  /// `$INTERMISSION_ASSETS/audio`, else `Assets/audio` found as the ad manifest is.
  package static func audioFolder(environment: [String: String]) -> String? {
    ShippedAssets.path("audio/music.wav", environment: environment).map(FilePath.folder(of:))
  }

}
