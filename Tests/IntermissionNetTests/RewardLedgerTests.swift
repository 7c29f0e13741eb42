import Foundation
import IntermissionAds
import IntermissionNet
import IntermissionTestSupport
import Testing

/// The reward ledger: a reward is recorded before the game hears of it, stays pending until the
/// game acknowledges it by its transaction id, and is there again after a relaunch.
@Suite("Reward ledger")
struct RewardLedgerTests {
  static func reward(_ id: String, earned: Double = 1000) -> EarnedReward {
    EarnedReward(transactionID: id, placement: "bonus_coins", type: "coins", amount: 50, earned: earned)
  }

  @Test func aRewardStaysPendingUntilAcknowledgedAcrossARelaunch() throws {
    let runner = try ProgramRunner()
    let path = runner.path("beacons.sqlite")
    do {
      let ledger = try RewardLedger(path: path)
      try ledger.record(Self.reward("t-2", earned: 1002))
      try ledger.record(Self.reward("t-1", earned: 1001))
      try ledger.record(Self.reward("t-1", earned: 1001))  // the same transaction, once
      #expect(try ledger.pending().map(\.transactionID) == ["t-1", "t-2"], "oldest first, each once")
    }
    // The next launch: a new connection finds both, with every field.
    let ledger = try RewardLedger(path: path)
    #expect(try ledger.pending() == [Self.reward("t-1", earned: 1001), Self.reward("t-2", earned: 1002)])
    #expect(try ledger.acknowledge(transactionID: "t-1"))
    #expect(try !ledger.acknowledge(transactionID: "t-1"), "acknowledged already")
    #expect(try !ledger.acknowledge(transactionID: "unknown"))
    #expect(try RewardLedger(path: path).pending().map(\.transactionID) == ["t-2"])
  }

  @Test func theLedgerSharesTheBeaconQueuesFile() throws {
    let runner = try ProgramRunner()
    let path = runner.path("beacons.sqlite")
    let store = try BeaconStore(path: path)
    let ledger = try RewardLedger(path: path)
    try store.add(Beacon(kind: .click, adID: "a", url: "http://127.0.0.1:9/c", lifetime: 60), nonce: "n", at: 1000)
    try ledger.record(Self.reward("t"))
    // Opened again, the queue still passes its own checks with the rewards table beside it.
    let (reopened, recovery) = try BeaconStore.openRecovering(path: path, now: 1000)
    #expect(recovery == nil)
    #expect(try reopened.count() == 1 && ledger.pending().count == 1)
  }

  @Test func aFileThatIsNotADatabaseIsAnErrorNamingIt() throws {
    let runner = try ProgramRunner()
    let path = try runner.write("not.sqlite", String(repeating: "x", count: 4096))
    #expect {
      _ = try RewardLedger(path: path)
    } throws: { error in
      "\(error)".contains("reward ledger \(path)") && "\(error)".contains("not a database")
    }
  }

  @Test func aDeferredLedgerCreatesNothingUntilARewardIsEarned() throws {
    let runner = try ProgramRunner()
    let path = runner.path("data/intermission/beacons.sqlite")
    let ledger = RewardLedger(path: path, createsFolders: true)
    #expect(try ledger.pending().isEmpty)
    #expect(try !ledger.acknowledge(transactionID: "t"))
    #expect(!FileManager.default.fileExists(atPath: runner.path("data")), "asking created nothing")
    try ledger.record(Self.reward("t"))
    #expect(FileManager.default.fileExists(atPath: path))
    // The next launch finds it pending, with the ad's id.
    var reward = Self.reward("u")
    reward.adID = "bonus"
    try ledger.record(reward)
    let next = RewardLedger(path: path, createsFolders: true)
    #expect(try next.pending().map(\.transactionID) == ["t", "u"])
    #expect(try next.pending().last?.adID == "bonus")
    #expect(try next.acknowledge(transactionID: "t"))
  }

  @Test func aLedgerOf03GainsTheAdColumnAndKeepsItsRewards() throws {
    let runner = try ProgramRunner()
    let path = runner.path("beacons.sqlite")
    let sqlite = Process()
    sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    sqlite.arguments = [
      "python3", "-c",
      """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      db.execute("CREATE TABLE rewards (transaction_id TEXT PRIMARY KEY, placement TEXT NOT NULL, type TEXT NOT NULL, amount INTEGER NOT NULL, earned REAL NOT NULL)")
      db.execute("INSERT INTO rewards VALUES ('old', 'bonus_coins', 'coins', 50, 1000)")
      db.commit()
      """,
      path,
    ]
    try sqlite.run()
    sqlite.waitUntilExit()
    #expect(sqlite.terminationStatus == 0)
    let ledger = try RewardLedger(path: path)
    #expect(try ledger.pending() == [Self.reward("old")])
    try ledger.record(Self.reward("new", earned: 2000))
    #expect(try ledger.pending().map(\.transactionID) == ["old", "new"])
  }
}
