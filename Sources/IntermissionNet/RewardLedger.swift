import IntermissionCore

/// Rewards earned and not yet credited by the game, in the SQLite file of the beacon queue (a
/// `rewards` table beside `beacons`): a reward is a durable record before it is a callback.
///
/// The presenter records a reward (`record`) before it calls the game's handler; the game
/// acknowledges it by its transaction id once it has credited it (`acknowledge`). A reward recorded
/// and never acknowledged, because the game was killed in between, is `pending` at the next launch,
/// to be delivered again, with the same transaction id, before anything else.
public final class RewardLedger {
  /// One earned reward.
  public struct Reward: Hashable, Sendable {
    /// The reward's transaction id (a UUID): the game stores it to credit the reward once.
    public var transactionID: String
    /// The placement whose ad earned it, such as `bonus_coins`.
    public var placement: String
    /// What it gives, such as `coins`.
    public var type: String
    /// How much of it.
    public var amount: Int
    /// When it was earned, in Unix seconds.
    public var earned: Double

    /// Creates a reward.
    public init(transactionID: String, placement: String, type: String, amount: Int, earned: Double) {
      self.transactionID = transactionID
      self.placement = placement
      self.type = type
      self.amount = amount
      self.earned = earned
    }
  }

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
    do {
      try RegularFile.check(path)
    } catch .missing {
    } catch {
      throw SQLiteDatabase.Failure(description: "reward ledger \(path): \(error)")
    }
    database = try SQLiteDatabase(path: path)
    do {
      try database.execute(
        """
        PRAGMA journal_mode=WAL;
        PRAGMA synchronous=FULL;
        CREATE TABLE IF NOT EXISTS rewards (
          transaction_id TEXT PRIMARY KEY,
          placement TEXT NOT NULL,
          type TEXT NOT NULL,
          amount INTEGER NOT NULL,
          earned REAL NOT NULL
        );
        """)
      insert = try database.prepare(
        "INSERT OR IGNORE INTO rewards (transaction_id, placement, type, amount, earned) VALUES (?, ?, ?, ?, ?)")
      selectPending = try database.prepare(
        "SELECT transaction_id, placement, type, amount, earned FROM rewards ORDER BY earned, rowid")
      delete = try database.prepare("DELETE FROM rewards WHERE transaction_id = ?")
    } catch let failure as SQLiteDatabase.Failure {
      throw SQLiteDatabase.Failure(description: "reward ledger \(path): \(failure)", code: failure.code)
    }
  }

  /// Records `reward`, committed (and synced: `synchronous=FULL`) before this returns; recording
  /// the same transaction id again changes nothing.
  /// - Throws: when the file cannot be written.
  public func record(_ reward: Reward) throws {
    try insert.run([
      .text(reward.transactionID), .text(reward.placement), .text(reward.type), .integer(reward.amount),
      .real(reward.earned),
    ])
  }

  /// The rewards recorded and not yet acknowledged, oldest first.
  public func pending() throws -> [Reward] {
    try selectPending.rows { row in
      Reward(
        transactionID: row.text(0), placement: row.text(1), type: row.text(2), amount: row.integer(3),
        earned: row.real(4))
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
