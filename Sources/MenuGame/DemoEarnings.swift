import IntermissionBasics
import IntermissionCore

/// What the demo's ads earned, as a game's analytics would count it: the revenue of each
/// impression (`AdOverlay.onRevenue`) added up per currency, in millionths, with the ids of the
/// events counted, so that an event handed over again after a crash (`pending`) is counted once.
///
/// The file, beside the save, is text (`intermission-demo-earnings 1`, then one
/// `earned CURRENCY MICROS` line per currency and one `counted ID` line per event), written whole
/// as the save is; a file that cannot be read starts at nothing and is moved aside (`.corrupt`).
package final class DemoEarnings {
  /// Where the earnings live; nil keeps them in memory only.
  package let path: String?
  /// The earnings, in millionths, by ISO 4217 currency.
  package private(set) var byCurrency: [String: Int64] = [:]
  /// Why the last read or write failed, if it did.
  package private(set) var lastFailure: String?
  /// The newest counted event ids, oldest first.
  private var counted: [String] = []

  /// How many counted event ids are remembered.
  package static let rememberedEvents = 64
  /// The largest amount kept per currency, in millionths.
  package static let maximum: Int64 = 1_000_000_000_000_000
  private static let header = "intermission-demo-earnings 1"

  /// Opens the earnings at `path` (nil: in memory), reading what they hold.
  package init(path: String?) {
    self.path = path
    if let path { read(path) }
  }

  /// The default file: `demo-earnings.txt` beside the default save; nil without one.
  package static func defaultPath(environment: [String: String] = ProcessEnvironment.current()) -> String? {
    GameSave.defaultPath(environment: environment).map { FilePath.folder(of: $0) + "/demo-earnings.txt" }
  }

  /// Adds `micros` millionths of `currency` for the event `eventID`, and saves, once per event.
  /// - Returns: false when that event was counted already (nothing changes).
  @discardableResult
  package func count(_ micros: Int64, of currency: String, eventID: String) -> Bool {
    guard !counted.contains(eventID) else { return false }
    // Never a trap: a sum past `Int64` is past `maximum` too, and stops there.
    let (sum, overflow) = (byCurrency[currency] ?? 0).addingReportingOverflow(max(0, micros))
    byCurrency[currency] = overflow ? DemoEarnings.maximum : min(DemoEarnings.maximum, sum)
    counted.append(eventID)
    if counted.count > DemoEarnings.rememberedEvents { counted.removeFirst() }
    guard let path else { return true }
    var text = DemoEarnings.header + "\n"
    for (currency, micros) in byCurrency.sorted(by: { $0.key < $1.key }) { text += "earned \(currency) \(micros)\n" }
    for id in counted { text += "counted \(id)\n" }
    lastFailure = SavedText.replace(path, with: text)
    return true
  }

  private func read(_ path: String) {
    let read = SavedText.words(path, header: DemoEarnings.header)
    guard let read, case .success(let lines) = read else {
      if case .failure(.unreadable(let reason))? = read { lastFailure = reason }
      if case .failure(.notOurs)? = read { lastFailure = SavedText.setAside(path, notBeing: "an earnings file") }
      return
    }
    var byCurrency: [String: Int64] = [:]
    var counted: [String] = []
    var valid = true
    for parts in lines where valid {
      switch (parts.count, parts.first ?? "") {
      case (3, "earned"):
        guard parts[1].utf8.count == 3, parts[1].utf8.allSatisfy({ (65...90).contains($0) }),
          let value = Int64(parts[2]), (0...DemoEarnings.maximum).contains(value)
        else { valid = false; break }
        byCurrency[parts[1]] = value
      case (2, "counted"):
        guard RandomUUID.isWellFormed(parts[1]) else { valid = false; break }
        counted.append(parts[1])
      default:
        valid = false
      }
    }
    guard valid else {
      lastFailure = SavedText.setAside(path, notBeing: "an earnings file")
      return
    }
    self.byCurrency = byCurrency
    self.counted = Array(counted.suffix(DemoEarnings.rememberedEvents))
  }
}
