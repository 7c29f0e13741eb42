import IntermissionBasics
import IntermissionCore

/// The sample ads that ship with Intermission (`Assets/ads/`), found without configuration
/// (`ShippedAssets`).
public enum SampleAds {
  /// The path of the manifest below an assets folder.
  static let relativeManifest = "ads/manifest.json"

  /// The sample manifest, or nil if none is found.
  /// - Parameter environment: looked up for `INTERMISSION_ASSETS`; nil reads the process's.
  public static func manifestPath(environment: [String: String]? = nil) -> String? {
    ShippedAssets.path(relativeManifest, environment: environment)
  }
}
