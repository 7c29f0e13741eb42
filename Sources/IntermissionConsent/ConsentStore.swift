import IntermissionBasics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The stored decision: one file per in-app key of the CMP API (the CTV "private storage" model),
/// named exactly as the key, in `$XDG_CONFIG_HOME/intermission/consent/<app>/` (else
/// `~/.config/intermission/consent/<app>/`), each written atomically.
///
/// A store that cannot be read is set aside (renamed `<app>.corrupt`) and the player asked again;
/// one that cannot be written keeps the values in memory for the launch, and says so once.
package final class ConsentStore: @unchecked Sendable {
  /// The store's folder.
  package let folder: String
  private let state = Locked(State())

  private struct State {
    var memory: [String: String]?
    var reportedFailure = false
  }

  /// The largest value read from a key's file.
  static let maximumValueSize = 256 * 1024

  /// A store in `folder`; nil keeps decisions in memory only, and says so once, at the first.
  package init(folder: String?) {
    self.folder = folder ?? ""
    if folder == nil { state.withLock { $0.memory = [:] } }
  }

  /// The folder of `app`'s store under `environment`'s `XDG_CONFIG_HOME`, else `HOME/.config`;
  /// nil when neither is set to an absolute path.
  package static func folder(app: String, environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return FilePath.join(config, "intermission/consent/\(app)")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return FilePath.join(home, ".config/intermission/consent/\(app)")
  }

  /// What a read found.
  package enum Contents: Hashable, Sendable {
    /// The keys and their values (empty when nothing is stored).
    case values([String: String])
    /// The store could not be read; it was set aside. The reason.
    case setAside(String)
  }

  /// Every stored key and value; a store that cannot be read is set aside first.
  package func read() -> Contents {
    if let memory = state.withLock({ $0.memory }) { return .values(memory) }
    guard let names = FilePath.names(in: folder) else { return .values([:]) }
    var values: [String: String] = [:]
    for name in names where Self.isKeyName(name) {
      let path = FilePath.join(folder, name)
      do {
        let bytes = try RegularFile.read(path, limit: Self.maximumValueSize)
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
          return .setAside(setAside(because: "\(name) is not text"))
        }
        values[name] = text
      } catch {
        return .setAside(setAside(because: "\(name): \(error)"))
      }
    }
    return .values(values)
  }

  /// Sets the store aside (renamed `<app>.corrupt`, replacing an older one) after `reason`.
  /// - Returns: the message saying so.
  @discardableResult
  package func setAside(because reason: String) -> String {
    let aside = folder + ".corrupt"
    FilePath.removeTree(aside)
    guard rename(folder, aside) == 0 else {
      let why = String(cString: strerror(errno))
      // Not moved: its keys are removed instead, so that the player is asked again all the same.
      reset()
      return
        "the consent store \(folder) could not be read (\(reason)), nor moved aside (\(why)); its keys were removed"
    }
    return "the consent store \(folder) could not be read (\(reason)); it was moved to \(aside)"
  }

  /// Replaces the stored keys with `values`: each written atomically, `IABTCF_TCString` last, and
  /// keys no longer present removed.
  /// - Returns: the failure to report, the first time the store cannot be written (the values
  ///   are then kept in memory for the launch); nil otherwise.
  package func write(_ values: [String: String]) -> String? {
    if state.withLock({ $0.memory != nil }) {
      return remember(values, failure: folder.isEmpty ? "neither XDG_CONFIG_HOME nor HOME names a folder" : nil)
    }
    let sorted = values.sorted { $0.key < $1.key }
    let order = sorted.filter { $0.key != "IABTCF_TCString" } + sorted.filter { $0.key == "IABTCF_TCString" }
    for (key, value) in order {
      // The player's choices are the player's: readable by the player only.
      let written = AtomicFile.replace(
        FilePath.join(folder, key), with: Array(value.utf8), mode: 0o600, folderMode: 0o700)
      if let failure = written {
        return remember(values, failure: failure)
      }
    }
    for name in FilePath.names(in: folder) ?? [] where Self.isKeyName(name) && values[name] == nil {
      unlink(FilePath.join(folder, name))
    }
    return nil
  }

  /// Removes every stored key (`--reset-consent`, `intermission_reset_consent`).
  package func reset() {
    state.withLock { $0.memory = $0.memory == nil ? nil : [:] }
    guard !folder.isEmpty else { return }
    for name in FilePath.names(in: folder) ?? [] where Self.isKeyName(name) { unlink(FilePath.join(folder, name)) }
  }

  private func remember(_ values: [String: String], failure: String?) -> String? {
    state.withLock { state in
      state.memory = values
      guard let failure, !state.reportedFailure else { return nil }
      state.reportedFailure = true
      return "the consent store \(folder) cannot be written (\(failure)); the decision is kept for this launch only"
    }
  }

  /// Whether `name` is a key's file: `IABTCF_…`, `IABGPP_…`, not a temporary `.new`.
  static func isKeyName(_ name: String) -> Bool {
    (name.hasPrefix("IABTCF_") || name.hasPrefix("IABGPP_")) && !name.hasSuffix(".new")
  }
}
