import IntermissionBasics
import IntermissionCore
import IntermissionNet

/// What an overlay's settings name on disk, checked before anything is made: the manifest, the
/// certificate authorities, the fallback, the beacon queue, the script and the trace file.
struct CheckedSettings {
  let settings: OverlaySettings
  /// The manifest, the settings' or the installed sample ads'.
  let manifest: String
  /// The replay script, empty when none was named.
  let script: ReplayScript
  /// The trace file, if one was named.
  let traceFile: FileTraceOutput?

  /// - Throws: `CreateFailure` naming the field whose file cannot be read or used.
  init(_ settings: OverlaySettings) throws {
    self.settings = settings
    guard let manifest = settings.manifestPath ?? InstalledAssets.manifestPath() else {
      throw CreateFailure("no manifest_path given and no sample ads found (set INTERMISSION_ASSETS)")
    }
    let isRemote = WebURL(manifest) != nil
    guard isRemote || RegularFile.isReadable(manifest) else {
      throw CreateFailure("cannot read ad manifest \(PrintableText.escaping(manifest, limit: 200)) (manifest_path)")
    }
    self.manifest = manifest
    for (path, field) in [
      (settings.adsCAPath, "ads_ca_path"), (settings.fallbackManifestPath, "fallback_manifest_path"),
    ] {
      guard let path else { continue }
      guard RegularFile.isReadable(path) else {
        throw CreateFailure("cannot read \(PrintableText.escaping(path, limit: 200)) (\(field))")
      }
    }
    if let path = settings.beaconsPath, !path.isEmpty {
      // Created if missing; an existing one must be a regular file (SQLite would block on a FIFO).
      do {
        try RegularFile.check(path)
      } catch .missing {
      } catch {
        throw CreateFailure("cannot use \(PrintableText.escaping(path, limit: 200)): \(error) (beacons_path)")
      }
    }
    script =
      try settings.scriptPath.map { path in
        do {
          return try ReplayScript.read(path: path)
        } catch {
          throw CreateFailure("\(error) (script_path)")
        }
      } ?? ReplayScript(events: [])
    traceFile = try settings.tracePath.map { path in
      do {
        return try FileTraceOutput(path: path)
      } catch {
        throw CreateFailure("\(error) (trace_path)")
      }
    }
  }
}
