import IntermissionAds
import IntermissionCore

/// Rewards earned and not yet credited by the game, in the SQLite file of the beacon queue (a
/// `rewards` table beside `beacons`): a reward is a durable record before it is a callback.
///
/// The presenter records a reward (`record`) before it calls the game's handler; the game
/// acknowledges it by its transaction id once it has credited it (`acknowledge`). A reward recorded
/// and never acknowledged, because the game was killed in between, is `pending` at the next launch,
/// to be delivered again, with the same transaction id, before anything else.
public final class RewardLedger: RewardStore {
  /// One earned reward.
  public typealias Reward = EarnedReward

  /// The database file.
  public let path: String
  private let database: SQLiteDatabase
  private let insert: SQLiteDatabase.Statement
  private let selectPending: SQLiteDatabase.Statement
  private let delete: SQLiteDatabase.Statement

  /// Opens the ledger in the file at `path` (the beacon queue's), creating its table if needed.
  /// - Throws: `SQLiteDatabase.Failure`-described errors naming the file.
  public init(path: String) throws {
    self.path = path
    (database, (insert, selectPending, delete)) = try SQLiteDatabase.ledger(
      "reward ledger", at: path,
      schema: """
        CREATE TABLE IF NOT EXISTS rewards (
          transaction_id TEXT PRIMARY KEY,
          placement TEXT NOT NULL,
          type TEXT NOT NULL,
          amount INTEGER NOT NULL,
          earned REAL NOT NULL,
          ad_id TEXT NOT NULL DEFAULT ''
        );
        """
    ) { database in
      // A ledger of 0.3.0 has no ad column yet.
      let columns = try database.prepare("SELECT name FROM pragma_table_info('rewards')").rows { $0.text(0) }
      if !columns.contains("ad_id") {
        try database.execute("ALTER TABLE rewards ADD COLUMN ad_id TEXT NOT NULL DEFAULT ''")
      }
      return (
        try database.prepare(
          "INSERT OR IGNORE INTO rewards (transaction_id, placement, type, amount, earned, ad_id)"
            + " VALUES (?, ?, ?, ?, ?, ?)"),
        try database.prepare(
          "SELECT transaction_id, placement, type, amount, earned, ad_id FROM rewards ORDER BY earned, rowid"),
        try database.prepare("DELETE FROM rewards WHERE transaction_id = ?")
      )
    }
  }

  /// Records `reward`, committed (and synced: `synchronous=FULL`) before this returns; recording
  /// the same transaction id again changes nothing.
  /// - Throws: when the file cannot be written.
  public func record(_ reward: Reward) throws {
    try insert.run([
      .text(reward.transactionID), .text(reward.placement), .text(reward.type), .integer(reward.amount),
      .real(reward.earned), .text(reward.adID),
    ])
  }

  /// The rewards recorded and not yet acknowledged, oldest first.
  public func pending() throws -> [Reward] {
    try selectPending.rows { row in
      Reward(
        transactionID: row.text(0), placement: row.text(1), type: row.text(2), amount: row.integer(3),
        earned: row.real(4), adID: row.text(5))
    }
  }

  /// Acknowledges the reward `transactionID`: the game credited it, and it leaves the ledger.
  /// - Returns: false when no pending reward has that id (unknown, or acknowledged already).
  public func acknowledge(transactionID: String) throws -> Bool {
    guard try pending().contains(where: { $0.transactionID == transactionID }) else { return false }
    try delete.run([.text(transactionID)])
    return true
  }
}
