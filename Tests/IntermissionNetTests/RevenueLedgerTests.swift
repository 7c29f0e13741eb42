import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionNet
import IntermissionTestSupport
import Testing

/// The revenue ledger: an event is recorded at its impression, stays until it was handed over, and
/// is there again, with every field, after a relaunch.
@Suite("Revenue ledger")
struct RevenueLedgerTests {
  @Test func anEventStaysUntilRemovedAcrossARelaunchWithEveryField() throws {
    let runner = try ProgramRunner()
    let path = runner.path("beacons.sqlite")
    let first = AdRevenue.sample("e-1", placement: "bonus_coins", seat: "alpha")
    let second = AdRevenue.sample("e-2")
    do {
      let ledger = try RevenueLedger(path: path)
      try ledger.record(first)
      try ledger.record(second)
      try ledger.record(first)  // the same event, once
      #expect(try ledger.pending() == [first, second], "in the order of their impressions")
    }
    let ledger = try RevenueLedger(path: path)
    #expect(try ledger.pending() == [first, second], "absent fields stay absent, amounts exact")
    try ledger.remove(eventID: "e-1")
    try ledger.remove(eventID: "unknown")
    #expect(try RevenueLedger(path: path).pending() == [second])
  }

  @Test func theLedgerSharesTheBeaconQueuesFileWithTheRewards() throws {
    let runner = try ProgramRunner()
    let path = runner.path("beacons.sqlite")
    let store = try BeaconStore(path: path)
    try store.add(Beacon(kind: .impression, adID: "a", url: "http://127.0.0.1:9/i", lifetime: 60), nonce: "n", at: 1000)
    try RevenueLedger(path: path).record(AdRevenue.sample("e"))
    try RewardLedger(path: path).record(RewardLedgerTests.reward("t"))
    let (reopened, recovery) = try BeaconStore.openRecovering(path: path, now: 1000)
    #expect(recovery == nil)
    #expect(try reopened.count() == 1)
    #expect(try RevenueLedger(path: path).pending().count == 1 && RewardLedger(path: path).pending().count == 1)
  }

  /// A beacon's row, and an impression's revenue with it, is written on the game's loop and waits
  /// for no disk (WAL with NORMAL survives a kill): the connection stays NORMAL. The sending worker
  /// syncs the file before a batch leaves (`BeaconTests.aBatchLeavesOnlyAfterTheQueuesFileIsSynced`).
  @Test func noTransactionOnTheLoopWaitsForTheDisk() throws {
    let runner = try ProgramRunner()
    let store = try BeaconStore(path: runner.path("beacons.sqlite"))
    #expect(try store.synchronousLevel() == 1)
    try store.add(
      Beacon(kind: .impression, adID: "a", url: "http://127.0.0.1:9/i", lifetime: 60), nonce: "n-1", at: 1000)
    #expect(try store.synchronousLevel() == 1)
    var second = try #require(try store.oldest(limit: 1).first)
    second.nonce = "n-2"
    try store.add([second], revenue: AdRevenue.sample("e"))
    #expect(try store.synchronousLevel() == 1)
    #expect(
      try store.count() == 2 && RevenueLedger(path: runner.path("beacons.sqlite")).pending().map(\.eventID) == ["e"])
  }

  /// The queue writes an impression's revenue event with its beacons: a file whose `revenues`
  /// table is not a ledger's would refuse both, so it is moved aside as a damaged queue is.
  @Test func aQueueWhoseRevenuesTableIsForeignIsMovedAside() throws {
    let runner = try ProgramRunner()
    let path = runner.path("beacons.sqlite")
    _ = try BeaconStore(path: path)
    let sqlite = Process()
    sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    sqlite.arguments = [path, "DROP TABLE revenues; CREATE TABLE revenues (name TEXT, amount REAL);"]
    try sqlite.run()
    sqlite.waitUntilExit()
    try #require(sqlite.terminationStatus == 0)
    let (store, recovery) = try BeaconStore.openRecovering(path: path, now: 1_764_577_800)
    #expect(
      recovery
        == "beacon queue \(path): its revenues table is not a revenue ledger's (columns name, amount); moved aside to"
        + " \(path).corrupt-20251201T083000Z, and a fresh queue started")
    try store.add([], revenue: AdRevenue.sample("e"))
    #expect(try RevenueLedger(path: path).pending().map(\.eventID) == ["e"])
  }

  @Test func aDeferredLedgerCreatesNothingUntilAnImpressionEarns() throws {
    let runner = try ProgramRunner()
    let path = runner.path("data/intermission/beacons.sqlite")
    let ledger = RevenueLedger(path: path, createsFolders: true)
    #expect(try ledger.pending().isEmpty)
    try ledger.remove(eventID: "nothing")
    #expect(!FileManager.default.fileExists(atPath: path), "asking creates no file")
    try ledger.record(AdRevenue.sample("e"))
    #expect(try RevenueLedger(path: path).pending().map(\.eventID) == ["e"])
  }

  @Test func aFileThatIsNotADatabaseIsAnErrorNamingIt() throws {
    let runner = try ProgramRunner()
    let path = try runner.write("not.sqlite", String(repeating: "x", count: 4096))
    #expect {
      _ = try RevenueLedger(path: path)
    } throws: { error in
      "\(error)".contains("revenue ledger \(path)") && "\(error)".contains("not a database")
    }
  }
}
