import Foundation
import IntermissionConsent
import IntermissionCore
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// The demo's consent form, walked with replay scripts as a player would (mouse, then keyboard
/// only, then controller only), each choice checked in the store's files; screenshots of both
/// layers in English, Japanese and Arabic; and the menu's Privacy item.
@Suite("The consent form in the program")
struct ConsentFormProgramTests {
  static let folder = ProgramRunner.root.appendingPathComponent("Assets/consent")
  static let size = Size(width: 960, height: 640)

  /// The demo's form, as the program lays it out in `language` (for where to click).
  static func form(language: String = "en") throws -> ConsentForm {
    let configuration = try ConsentConfiguration.parse(
      Array(try Data(contentsOf: folder.appendingPathComponent("consent.json"))),
      path: folder.appendingPathComponent("consent.json").path)
    let list = try GlobalVendorList.parse(
      Array(try Data(contentsOf: folder.appendingPathComponent("vendor-list.json"))), name: "vendor-list.json")
    return ConsentForm(
      list: list, configuration: configuration, strings: ConsentFormStrings(language: language), inForce: nil)
  }

  /// The demo for `seconds` with the shipped consent file, in the EEA, replaying `script`.
  func run(
    _ runner: ProgramRunner, script: String, language: String = "en", seconds: Double = 2, screenshot: String? = nil
  ) throws -> [String] {
    let path = try runner.write("script.txt", script)
    var arguments = [
      "--headless", "--fixed-step", "--no-audio", "--no-beacons", "--seconds", String(seconds), "--language",
      language, "--consent", Self.folder.appendingPathComponent("consent.json").path, "--consent-geography", "eea",
      "--script", path, "--trace", runner.path("t.jsonl"),
    ]
    if let screenshot { arguments += ["--screenshot", runner.path(screenshot)] }
    let result = try runner.run(
      arguments, environment: ["XDG_CONFIG_HOME": runner.path("config"), "XDG_CACHE_HOME": runner.path("cache")])
    #expect(result.status == 0, "\(result.stderr)")
    return try runner.traceLines("t.jsonl")
  }

  /// The stored value of the in-app key `key`.
  func stored(_ runner: ProgramRunner, _ key: String) -> String? {
    try? String(contentsOfFile: runner.path("config/intermission/consent/intermission-demo/\(key)"), encoding: .utf8)
  }

  static func click(_ frame: Rect, at time: Double) -> String { "\(time) click \(Int(frame.midX)) \(Int(frame.midY))" }

  @Test func byMouseAcceptAll() throws {
    let runner = try ProgramRunner()
    let form = try Self.form()
    let trace = try run(runner, script: Self.click(form.frame(of: .acceptAll, in: Self.size), at: 0.5))
    #expect(stored(runner, "IABTCF_PurposeConsents") == "11111111111")
    #expect(stored(runner, "IABTCF_AddtlConsent") == "2~89~dv.")
    #expect(trace.contains { $0.contains(#""event":"game.paused""#) && $0.contains(#""reason":"consent""#) })
    #expect(trace.contains { $0.contains(#""event":"game.resumed""#) && $0.contains(#""reason":"consent""#) })
    #expect(trace.contains { $0.contains(#""event":"consent.decided""#) })
  }

  @Test func byKeyboardOnlyRejectAll() throws {
    let runner = try ProgramRunner()
    _ = try run(runner, script: "0.5 key Tab\n0.6 key Tab\n0.7 key Return\n")
    #expect(stored(runner, "IABTCF_PurposeConsents") == "00000000000")
    #expect(stored(runner, "IABTCF_VendorConsents")?.contains("1") == false)
    #expect(stored(runner, "IABTCF_AddtlConsent") == "2~~dv.89")
  }

  @Test func byControllerOnlyACustomChoice() throws {
    let runner = try ProgramRunner()
    // Down three times to Manage options, A; A on the first switch (purpose 1); up wraps to Save; A.
    let script = ["down", "down", "down", "a", "a", "up", "a"].enumerated()
      .map { "\(0.5 + Double($0.offset) / 10) button \($0.element)" }.joined(separator: "\n")
    let trace = try run(runner, script: script)
    #expect(stored(runner, "IABTCF_PurposeConsents") == "10000000000")
    let tc = try #require(stored(runner, "IABTCF_TCString"))
    #expect(try TCString.decode(tc).consentScreen == 2)
    #expect(trace.contains { $0.contains(#""event":"consent.decided""#) && $0.contains(#""purposes":"1""#) })
  }

  @Test func thePrivacyItemOpensTheFormAgainAndEscapeLeavesTheChoice() throws {
    let runner = try ProgramRunner()
    // Accept all; then the menu: Down six times to Privacy, Return; Escape closes the options.
    var script = ["0.5 key Tab", "0.6 key Return"]
    script += (0..<6).map { "\(1.0 + Double($0) / 10) key Down" }
    script += ["1.8 key Return", "2.2 key Escape"]
    let trace = try run(runner, script: script.joined(separator: "\n"), seconds: 3)
    #expect(trace.filter { $0.contains(#""event":"consent.shown""#) }.count == 2, "\(trace)")
    #expect(trace.filter { $0.contains(#""event":"consent.decided""#) }.count == 1)
    #expect(stored(runner, "IABTCF_PurposeConsents") == "11111111111")
    let last = try #require(trace.last { $0.contains(#""event":"game."#) })
    #expect(last.contains(#""event":"game.resumed""#), "the game runs after the options: \(last)")
  }

  /// Where the screen differs from the form's background: what is drawn in `rect`.
  static func inkCount(_ image: Surface, in rect: Rect, background: Color) -> Int {
    var count = 0
    for y in Int(rect.minY)..<Int(rect.maxY) {
      for x in Int(rect.minX)..<Int(rect.maxX) where !close(image.pixel(x: x, y: y), background, tolerance: 24) {
        count += 1
      }
    }
    return count
  }

  @Test(arguments: ["en", "ja", "ar"])
  func bothLayersInTheGamesLanguage(language: String) throws {
    let form = try Self.form(language: language)
    let mirrored = language == "ar"
    // The first layer: three buttons of one colour; the heading at the reading side.
    let first = try ProgramRunner()
    let firstTrace = try run(first, script: "", language: language, seconds: 0.5, screenshot: "first.png")
    let firstImage = try first.image("first.png")
    for button in form.buttons {
      let frame = form.frame(of: button, in: Self.size)
      #expect(close(firstImage.pixel(x: Int(frame.minX) + 4, y: Int(frame.minY) + 4), Theme.button))
    }
    let header = Rect(x: 0, y: 8, width: Self.size.width / 3, height: 32)
    let leftInk = Self.inkCount(firstImage, in: header, background: Theme.panel)
    let rightInk = Self.inkCount(
      firstImage, in: Rect(x: Self.size.width * 2 / 3, y: 8, width: Self.size.width / 3, height: 32),
      background: Theme.panel)
    #expect(mirrored ? rightInk > 50 && leftInk == 0 : leftInk > 50 && rightInk == 0, "\(leftInk) \(rightInk)")
    // The second layer: the first purpose's switch at the reading side, and Save.
    let second = try ProgramRunner()
    let secondTrace = try run(
      second, script: "0.3 key Tab\n0.4 key Tab\n0.5 key Tab\n0.6 key Return\n", language: language, seconds: 1,
      screenshot: "second.png")
    let secondImage = try second.image("second.png")
    _ = form.handle(.keyDown(.tab), viewSize: Self.size)
    _ = form.handle(.keyDown(.tab), viewSize: Self.size)
    _ = form.handle(.keyDown(.tab), viewSize: Self.size)
    _ = form.handle(.keyDown(.returnKey), viewSize: Self.size)
    let row = try #require(form.rows.firstIndex { if case .purpose(1, _, _, _) = $0 { true } else { false } })
    let toggle = form.frame(ofRow: row, .consent, in: Self.size)
    #expect(mirrored ? toggle.minX > Self.size.width / 2 : toggle.maxX < Self.size.width / 2)
    #expect(close(secondImage.pixel(x: Int(toggle.midX), y: Int(toggle.minY) + 1), Theme.accent), "focused")
    let save = form.frame(of: .save, in: Self.size)
    #expect(close(secondImage.pixel(x: Int(save.minX) + 4, y: Int(save.minY) + 4), Theme.button))
    // No character went without a glyph.
    for trace in [firstTrace, secondTrace] {
      #expect(!trace.contains { $0.contains("text.missingGlyph") }, "\(trace.filter { $0.contains("text.") })")
    }
  }
}
