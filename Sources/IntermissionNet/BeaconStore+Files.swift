import IntermissionBasics
import IntermissionCore

#if canImport(Glibc)
  import Glibc
#endif

/// Where a beacon queue's file lives, and how a damaged one is moved aside.
extension BeaconStore {
  /// Moves `path` and its `-wal` and `-shm` files to `PATH.corrupt-<UTC timestamp>` (and its
  /// `-wal` and `-shm`). Call it while a connection to the file is still open: SQLite deletes the
  /// WAL and SHM files when the last connection closes.
  /// - Returns: the new name of the database file.
  /// - Throws: when the file exists and cannot be renamed.
  package static func moveAside(_ path: String, now: Double) throws -> String {
    let aside = path + ".corrupt-" + UTCTimestamp.compact(now)
    for suffix in ["-wal", "-shm", ""] {
      if rename(path + suffix, aside + suffix) != 0 && errno != ENOENT {
        let reason = String(cString: strerror(errno))
        throw SQLiteDatabase.Failure(description: "cannot move \(path + suffix) aside: \(reason)")
      }
    }
    return aside
  }

  /// The default queue: `$XDG_DATA_HOME/intermission/beacons.sqlite`, else
  /// `$HOME/.local/share/intermission/beacons.sqlite`; nil without either variable.
  package static func defaultPath(environment: [String: String]) -> String? {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/intermission/beacons.sqlite" }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/share/intermission/beacons.sqlite" }
    return nil
  }
}
