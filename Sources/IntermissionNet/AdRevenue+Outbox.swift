import IntermissionAds
import IntermissionBasics

/// Revenue events between their impression and the game's handler, in the SQLite file of the
/// beacon queue (a `revenues` table beside `beacons` and `rewards`): an event is a durable record,
/// stored with its impression's beacon, before it is a trace line or a callback.
///
/// The overlay records an event (`record`) before it traces the impression, and removes it
/// (`remove`) once the handler returned. An event recorded and never removed, because the game was
/// killed in between, is `pending` at the next launch, to be delivered then, once.
package typealias RevenueLedger = DurableOutbox<AdRevenue>

extension AdRevenue: OutboxRecord {
  package static let outboxTable = "revenues"
  package static let outboxRole = "revenue ledger"
  package static let outboxColumns = [
    (name: "event_id", declaration: "TEXT"), (name: "format", declaration: "TEXT NOT NULL"),
    (name: "placement", declaration: "TEXT NOT NULL"), (name: "ad_id", declaration: "TEXT NOT NULL"),
    (name: "source", declaration: "TEXT NOT NULL"), (name: "seat", declaration: "TEXT NOT NULL"),
    (name: "crid", declaration: "TEXT NOT NULL"), (name: "cpm_micros", declaration: "INTEGER NOT NULL"),
    (name: "revenue_micros", declaration: "INTEGER NOT NULL"), (name: "currency", declaration: "TEXT NOT NULL"),
    (name: "precision", declaration: "TEXT NOT NULL"),
  ]
  package static let outboxOrder = "rowid"

  package var outboxKey: String { eventID }

  /// An absent placement, seat or crid is stored empty.
  package var outboxValues: [SQLiteDatabase.Value] {
    [
      .text(eventID), .text(format.rawValue), .text(placement ?? ""), .text(id), .text(source.rawValue),
      .text(seat ?? ""), .text(crid ?? ""), .integer(Int(cpm.value)), .integer(Int(revenue.value)), .text(currency),
      .text(precision.rawValue),
    ]
  }

  package init?(outboxRow row: SQLiteDatabase.Statement) {
    guard let format = AdFormat(rawValue: row.text(1)), let source = AdRevenue.Source(rawValue: row.text(4)),
      let precision = AdRevenue.Precision(rawValue: row.text(10))
    else { return nil }
    func optional(_ text: String) -> String? { text.isEmpty ? nil : text }
    self.init(
      eventID: row.text(0), format: format, placement: optional(row.text(2)), id: row.text(3), source: source,
      seat: optional(row.text(5)), crid: optional(row.text(6)), cpm: Micros(Int64(row.integer(7))),
      revenue: Micros(Int64(row.integer(8))), currency: row.text(9), precision: precision)
  }
}

extension DurableOutbox: RevenueStore where Record == AdRevenue {
  /// The event `eventID` was handed over: it leaves the ledger (nothing, for an unknown id).
  package func remove(eventID: String) throws { try remove(key: eventID) }
}

extension OutboxTable where Record == AdRevenue {
  /// The event `eventID` was handed over: it leaves the table (nothing, for an unknown id).
  func remove(eventID: String) throws { _ = try remove(key: eventID) }
}
