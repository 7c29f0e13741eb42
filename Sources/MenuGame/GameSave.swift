import IntermissionBasics
import IntermissionCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The demo's own save file: the player's coins, and the transaction ids of the rewards already
/// credited, so that a reward delivered again (its acknowledgement lost to a crash) is not credited
/// twice. The game keeps its coins here, not in Intermission.
///
/// The file is text (`intermission-demo-save 1`, then `coins N` and one `credited ID` line per
/// reward); it is written whole to a temporary file, synced and renamed over the old one, so a
/// kill at any moment leaves the old save or the new one. A file that cannot be read starts the
/// player at 0 coins and is moved aside (`.corrupt`), never overwritten.
package final class GameSave {
  /// Where the save lives; nil keeps it in memory only.
  package let path: String?
  /// The player's coins.
  package private(set) var coins = 0
  /// Why the last read or write failed, if it did (shown nowhere; for tests and the curious).
  package private(set) var lastFailure: String?
  /// The newest credited transaction ids, oldest first.
  private var credited: [String] = []

  /// How many credited transaction ids are remembered.
  package static let rememberedTransactions = 64
  /// The largest coin balance kept.
  package static let maximumCoins = 1_000_000_000_000
  private static let header = "intermission-demo-save 1"

  /// Opens the save at `path` (nil: in memory), reading what it holds.
  package init(path: String?) {
    self.path = path
    if let path { read(path) }
  }

  /// The default save: `$XDG_DATA_HOME/intermission/demo-save.txt`, else
  /// `$HOME/.local/share/intermission/demo-save.txt`; nil without either variable.
  package static func defaultPath(environment: [String: String] = ProcessEnvironment.current()) -> String? {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/intermission/demo-save.txt" }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/share/intermission/demo-save.txt" }
    return nil
  }

  /// Whether the reward `transactionID` was credited already.
  package func hasCredited(_ transactionID: String) -> Bool { credited.contains(transactionID) }

  /// Credits `amount` coins for the reward `transactionID` and saves, once per transaction.
  /// - Returns: false when that transaction was credited already (nothing changes).
  @discardableResult
  package func credit(_ amount: Int, transactionID: String) -> Bool {
    guard !hasCredited(transactionID) else { return false }
    coins = min(GameSave.maximumCoins, coins + max(0, amount))
    credited.append(transactionID)
    if credited.count > GameSave.rememberedTransactions { credited.removeFirst() }
    write()
    return true
  }

  private func read(_ path: String) {
    guard let read = SavedText.words(path, header: GameSave.header) else { return }
    if case .failure(.unreadable(let reason)) = read {
      lastFailure = reason
      return
    }
    var coins: Int?
    var credited: [String] = []
    var valid = true
    for parts in (try? read.get()) ?? [] where valid {
      switch (parts.count, parts.first ?? "") {
      case (2, "coins"):
        guard let value = Int(parts[1]), (0...GameSave.maximumCoins).contains(value) else { valid = false; break }
        coins = value
      case (2, "credited"):
        guard RandomUUID.isWellFormed(parts[1]) else { valid = false; break }
        credited.append(parts[1])
      default:
        valid = false
      }
    }
    guard valid, let coins else {
      lastFailure = SavedText.setAside(path, notBeing: "a save file")
      return
    }
    self.coins = coins
    self.credited = Array(credited.suffix(GameSave.rememberedTransactions))
  }

  private func write() {
    guard let path else { return }
    var text = GameSave.header + "\ncoins \(coins)\n"
    for id in credited { text += "credited \(id)\n" }
    lastFailure = SavedText.replace(path, with: text)
  }
}
