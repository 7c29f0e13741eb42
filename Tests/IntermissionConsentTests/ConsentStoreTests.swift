import Foundation
import IntermissionConsent
import IntermissionTestSupport
import Testing

/// The store: one file per key, written atomically; a corrupt or unreadable store set aside; an
/// unwritable one kept in memory and reported once.
@Suite struct ConsentStoreTests {
  @Test func keysAreFilesNamedAsTheKeys() throws {
    let base = try ScratchFolder.path("consent-store")
    let folder = try #require(ConsentStore.folder(app: "space-game", environment: ["XDG_CONFIG_HOME": base]))
    #expect(folder == base + "/intermission/consent/space-game")
    #expect(ConsentStore.folder(app: "g", environment: ["HOME": "/home/p"]) == "/home/p/.config/intermission/consent/g")
    #expect(
      ConsentStore.folder(app: "g", environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])
        == "/h/.config/intermission/consent/g")
    let store = ConsentStore(folder: folder)
    #expect(store.read() == .values([:]))
    #expect(store.write(["IABTCF_TCString": "CAAA", "IABTCF_gdprApplies": "1"]) == nil)
    #expect(try String(contentsOfFile: folder + "/IABTCF_TCString", encoding: .utf8) == "CAAA")
    #expect(try String(contentsOfFile: folder + "/IABTCF_gdprApplies", encoding: .utf8) == "1")
    let file = try FileManager.default.attributesOfItem(atPath: folder + "/IABTCF_TCString")
    let made = try FileManager.default.attributesOfItem(atPath: folder)
    #expect(
      (file[.posixPermissions] as? Int) == 0o600 && (made[.posixPermissions] as? Int) == 0o700, "the player's only")
    #expect(store.write(["IABTCF_gdprApplies": "0"]) == nil)
    #expect(!FileManager.default.fileExists(atPath: folder + "/IABTCF_TCString"), "a key no longer present is removed")
    #expect(ConsentStore(folder: folder).read() == .values(["IABTCF_gdprApplies": "0"]))
    store.reset()
    #expect(ConsentStore(folder: folder).read() == .values([:]))
  }

  @Test func aStoreThatCannotBeReadIsSetAside() throws {
    let folder = try ScratchFolder.path("consent-store") + "/game"
    let store = ConsentStore(folder: folder)
    #expect(store.write(["IABTCF_TCString": "CAAA"]) == nil)
    try FileManager.default.createDirectory(atPath: folder + "/IABTCF_AddtlConsent", withIntermediateDirectories: true)
    guard case .setAside(let message) = store.read() else { Issue.record("an unreadable key was read"); return }
    #expect(message.contains("IABTCF_AddtlConsent") && message.contains("moved to \(folder).corrupt"))
    #expect(FileManager.default.fileExists(atPath: folder + ".corrupt/IABTCF_TCString"))
    #expect(store.read() == .values([:]), "the player is asked again, from an empty store")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: folder + "/IABTCF_TCString"), options: [])
    guard case .setAside(let second) = store.read() else { Issue.record("a key that is not text was read"); return }
    #expect(second.contains("IABTCF_TCString is not text"))
  }

  @Test func aStoreThatCannotBeWrittenKeepsTheDecisionInMemoryAndSaysSoOnce() throws {
    let base = try ScratchFolder.path("consent-store")
    try "a file where the folder should be".write(toFile: base + "/intermission", atomically: true, encoding: .utf8)
    let store = ConsentStore(folder: base + "/intermission/consent/game")
    let first = store.write(["IABTCF_TCString": "CAAA"])
    #expect(first?.contains("cannot be written") == true && first?.contains("this launch only") == true)
    #expect(store.read() == .values(["IABTCF_TCString": "CAAA"]))
    #expect(store.write(["IABTCF_TCString": "CBBB"]) == nil, "said once")
    #expect(store.read() == .values(["IABTCF_TCString": "CBBB"]))
  }
}
