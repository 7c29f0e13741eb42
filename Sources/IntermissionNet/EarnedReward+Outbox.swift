import IntermissionAds

/// Rewards earned and not yet credited by the game, in the SQLite file of the beacon queue (a
/// `rewards` table beside `beacons`): a reward is a durable record before it is a callback.
///
/// The presenter records a reward (`record`) before it calls the game's handler; the game
/// acknowledges it by its transaction id once it has credited it (`acknowledge`). A reward recorded
/// and never acknowledged, because the game was killed in between, is `pending` at the next launch,
/// to be delivered again, with the same transaction id, before anything else.
package typealias RewardLedger = DurableOutbox<EarnedReward>

extension EarnedReward: OutboxRecord {
  package static let outboxTable = "rewards"
  package static let outboxRole = "reward ledger"
  package static let outboxColumns = [
    (name: "transaction_id", declaration: "TEXT"), (name: "placement", declaration: "TEXT NOT NULL"),
    (name: "type", declaration: "TEXT NOT NULL"), (name: "amount", declaration: "INTEGER NOT NULL"),
    (name: "earned", declaration: "REAL NOT NULL"), (name: "ad_id", declaration: "TEXT NOT NULL DEFAULT ''"),
  ]
  package static let outboxOrder = "earned, rowid"

  package var outboxKey: String { transactionID }

  package var outboxValues: [SQLiteDatabase.Value] {
    [.text(transactionID), .text(placement), .text(type), .integer(amount), .real(earned), .text(adID)]
  }

  package init?(outboxRow row: SQLiteDatabase.Statement) {
    self.init(
      transactionID: row.text(0), placement: row.text(1), type: row.text(2), amount: row.integer(3),
      earned: row.real(4), adID: row.text(5))
  }

  /// A ledger of 0.3.0 has no ad column yet.
  package static func upgradeOutboxTable(in database: SQLiteDatabase) throws {
    let columns = try database.prepare("SELECT name FROM pragma_table_info('rewards')").rows { $0.text(0) }
    if !columns.contains("ad_id") {
      try database.execute("ALTER TABLE rewards ADD COLUMN ad_id TEXT NOT NULL DEFAULT ''")
    }
  }
}

extension DurableOutbox: RewardStore where Record == EarnedReward {
  /// Acknowledges the reward `transactionID`: the game credited it, and it leaves the ledger.
  /// - Returns: false when no pending reward has that id (unknown, or acknowledged already).
  package func acknowledge(transactionID: String) throws -> Bool { try remove(key: transactionID) }
}
