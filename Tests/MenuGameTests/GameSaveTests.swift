import Foundation
import IntermissionCore
import IntermissionTestSupport
import MenuGame
import Testing

/// The demo's save file: coins credited once per reward, written whole, and a bad file set aside.
@Suite("Game save")
struct GameSaveTests {
  let folder: String

  init() throws {
    folder = try ScratchFolder.path("save")
  }

  static let first = "0f0e0d0c-0b0a-4908-8706-050403020100"
  static let second = "1f1e1d1c-1b1a-4918-9716-151413121110"

  @Test func coinsAreCreditedOncePerTransactionAndKeptAcrossLaunches() throws {
    let path = folder + "/deep/er/save.txt"
    let save = GameSave(path: path)
    #expect(save.coins == 0 && save.lastFailure == nil, "no file yet: a new player")
    #expect(save.credit(50, transactionID: Self.first))
    #expect(!save.credit(50, transactionID: Self.first), "the same reward delivered again")
    #expect(save.credit(25, transactionID: Self.second))
    #expect(save.coins == 75 && save.lastFailure == nil)
    let reopened = GameSave(path: path)
    #expect(reopened.coins == 75 && reopened.hasCredited(Self.first) && reopened.hasCredited(Self.second))
    #expect(!reopened.credit(50, transactionID: Self.first), "remembered across launches")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == """
        intermission-demo-save 1
        coins 75
        credited \(Self.first)
        credited \(Self.second)

        """)
    #expect(!FileManager.default.fileExists(atPath: path + ".new"), "no temporary file left")
  }

  @Test(arguments: [
    "garbage", "intermission-demo-save 1\ncoins -5\n", "intermission-demo-save 1\ncoins 10\ncredited nope\n",
    "intermission-demo-save 2\ncoins 10\n", "intermission-demo-save 1\ncoins 99999999999999999999\n",
    "intermission-demo-save 1\n", "intermission-demo-save 1\ncoins 10\nextra line\n",
  ])
  func aFileThatIsNotASaveStartsAtZeroAndIsMovedAsideNotOverwritten(text: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/save.txt"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let save = GameSave(path: path)
    #expect(save.coins == 0 && save.lastFailure?.contains("not a save file") == true)
    #expect(try String(contentsOfFile: path + ".corrupt", encoding: .utf8) == text, "kept for a look")
    save.credit(50, transactionID: Self.first)
    #expect(GameSave(path: path).coins == 50)
  }

  @Test func aSaveThatCannotBeWrittenKeepsTheCoinsInMemoryAndSaysWhy() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // A folder where the file should be: the rename over it fails.
    let path = folder + "/save.txt"
    try FileManager.default.createDirectory(atPath: path + "/x", withIntermediateDirectories: true)
    let save = GameSave(path: path)
    #expect(save.credit(50, transactionID: Self.first))
    #expect(save.coins == 50 && save.lastFailure != nil, "\(save.lastFailure ?? "")")
  }

  @Test func theDefaultSaveLivesWithTheUsersData() {
    #expect(
      GameSave.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/intermission/demo-save.txt")
    #expect(GameSave.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/share/intermission/demo-save.txt")
    #expect(GameSave.defaultPath(environment: ["XDG_DATA_HOME": "relative"]) == nil)
  }
}
