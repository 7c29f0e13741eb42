import CIntermissionSupport
import Glibc
import IntermissionAds
import IntermissionBasics
import IntermissionCore

/// The sample ads of an installed library: `PREFIX/share/intermission/ads/`, found from where
/// `libintermission.so` itself lies (`PREFIX/lib`).
enum InstalledAssets {
  /// The sample manifest: `$INTERMISSION_ASSETS/ads/manifest.json` when that is set, else the one
  /// installed beside the library, else the one in Intermission's checkout (`SampleAds`).
  static func manifestPath() -> String? {
    if let assets = getenv("INTERMISSION_ASSETS"), assets.pointee != 0 {
      return SampleAds.manifestPath()
    }
    if let file = intermission_image_path() {
      let library = FilePath.folder(of: String(cString: file))
      let installed = FilePath.join(FilePath.folder(of: library), "share/intermission/ads/manifest.json")
      if RegularFile.isReadable(installed) { return installed }
    }
    return SampleAds.manifestPath()
  }
}
