import Foundation
import IntermissionCore
import IntermissionTestSupport
import MenuGame
import Testing

/// The demo's earnings: each revenue event counted once, per currency, kept across launches, and a
/// bad file set aside.
@Suite("Demo earnings")
struct DemoEarningsTests {
  let folder: String

  init() throws { folder = try ScratchFolder.path("earnings") }

  @Test func eventsAreCountedOncePerCurrencyAndKeptAcrossLaunches() throws {
    let path = folder + "/deep/earnings.txt"
    let earnings = DemoEarnings(path: path)
    #expect(earnings.count(1250, of: "USD", eventID: GameSaveTests.first))
    #expect(!earnings.count(1250, of: "USD", eventID: GameSaveTests.first), "the same event delivered again")
    #expect(earnings.count(900, of: "EUR", eventID: GameSaveTests.second))
    #expect(earnings.byCurrency == ["USD": 1250, "EUR": 900] && earnings.lastFailure == nil)
    let reopened = DemoEarnings(path: path)
    #expect(reopened.byCurrency == ["USD": 1250, "EUR": 900])
    #expect(!reopened.count(1, of: "USD", eventID: GameSaveTests.second), "remembered across launches")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == """
        intermission-demo-earnings 1
        earned EUR 900
        earned USD 1250
        counted \(GameSaveTests.first)
        counted \(GameSaveTests.second)

        """)
    #expect(DemoEarnings.defaultPath(environment: ["XDG_DATA_HOME": "/d"]) == "/d/intermission/demo-earnings.txt")
  }

  @Test func amountsPastTheLargestStopAtItWithoutATrap() {
    let earnings = DemoEarnings(path: nil)
    #expect(earnings.count(DemoEarnings.maximum - 1, of: "USD", eventID: GameSaveTests.first))
    #expect(earnings.count(Int64.max, of: "USD", eventID: GameSaveTests.second))
    #expect(earnings.byCurrency == ["USD": DemoEarnings.maximum])
  }

  @Test(arguments: [
    "garbage", "intermission-demo-earnings 1\nearned usd 5\n", "intermission-demo-earnings 1\nearned USD -5\n",
    "intermission-demo-earnings 1\ncounted nope\n", "intermission-demo-earnings 2\n",
    "intermission-demo-earnings 1\nearned USD 99999999999999999999\n",
  ])
  func aFileThatIsNotEarningsStartsAtNothingAndIsMovedAside(text: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/earnings.txt"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let earnings = DemoEarnings(path: path)
    #expect(earnings.byCurrency.isEmpty && earnings.lastFailure?.contains("not an earnings file") == true)
    #expect(try String(contentsOfFile: path + ".corrupt", encoding: .utf8) == text, "kept for a look")
  }
}
