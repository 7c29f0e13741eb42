import Foundation
import IntermissionCore
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// The program in a language: chosen by `--language` or the environment, traced, mirrored for a
/// right-to-left language by the pixels of its rewarded view, and its report of characters no
/// installed font has.
@Suite("The program in every language")
struct LanguageTests {
  static let headless = ["--headless", "--fixed-step", "--no-audio"]

  func started(_ runner: ProgramRunner, _ trace: String) throws -> String {
    try String(contentsOfFile: runner.path(trace), encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
  }

  /// The rewarded view of the demo's Bonus, 3 s into its video, in the language `environment` gives.
  func rewardedView(environment: [String: String], arguments: [String] = []) throws -> (Surface, String) {
    let runner = try ProgramRunner()
    let script = ProgramRunner.root.appendingPathComponent("docs/bonus-script.txt").path
    let result = try runner.run(
      Self.headless + arguments + [
        "--seconds", "6", "--script", script, "--trace", runner.path("t.jsonl"), "--screenshot", runner.path("s.png"),
      ], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    return (try runner.image("s.png"), try started(runner, "t.jsonl"))
  }

  @Test func languageArabicMirrorsTheRewardedView() throws {
    let (arabic, arabicStart) = try rewardedView(environment: ["LANGUAGE": "ar", "LANG": "C.UTF-8"])
    #expect(arabicStart.contains(#""language":"ar""#), "\(arabicStart)")
    let (english, englishStart) = try rewardedView(environment: ["LANGUAGE": "", "LANG": "C.UTF-8"])
    #expect(englishStart.contains(#""language":"en""#))
    // Close is a button-coloured box at the top left in Arabic, at the top right in English; Mute
    // at the bottom right in Arabic, at the bottom left in English.
    let button = Theme.button
    #expect(arabic.pixel(x: 20, y: 20) == button && arabic.pixel(x: 940, y: 20) != button)
    #expect(english.pixel(x: 940, y: 20) == button && english.pixel(x: 20, y: 20) != button)
    #expect(arabic.pixel(x: 940, y: 620) == button && arabic.pixel(x: 20, y: 620) != button)
    #expect(english.pixel(x: 20, y: 620) == button && english.pixel(x: 940, y: 620) != button)
  }

  @Test func theExplicitLanguageWinsAndAnUnknownOneIsEnglish() throws {
    let runner = try ProgramRunner()
    for (argument, expected) in [("ja", "ja"), ("zh-TW", "zh-Hant"), ("xx", "en"), ("pt_BR.UTF-8", "pt-BR")] {
      let result = try runner.run(
        Self.headless + ["--frames", "2", "--language", argument, "--trace", runner.path("\(argument).jsonl")],
        environment: ["LANGUAGE": "de", "LANG": "fr_FR.UTF-8"])
      #expect(result.status == 0)
      #expect(try started(runner, "\(argument).jsonl").contains("\"language\":\"\(expected)\""), "\(argument)")
    }
    let bad = try runner.run(Self.headless + ["--frames", "2", "--language", "not a tag"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("--language: 'not a tag' is not a language tag"), "\(bad.stderr)")
  }

  @Test func aTitleNoInstalledFontHasIsReportedOnce() throws {
    let runner = try ProgramRunner()
    // Only DejaVu, as on a machine without CJK fonts.
    let config = try runner.write(
      "fonts.conf",
      """
      <?xml version="1.0"?>
      <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(runner.path("fc"))</cachedir></fontconfig>
      """)
    let ads = runner.folder.appendingPathComponent("ads")
    try FileManager.default.createDirectory(at: ads, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: ProgramRunner.root.appendingPathComponent("Assets/ads/starfall.png"), to: ads.appendingPathComponent("a.png"))
    _ = try runner.write(
      "ads/manifest.json",
      #"{"ads": [{"id": "jp", "image": "a.png", "action": "in-app", "title": "今すぐ Play", "language": "ja"}]}"#)
    let script = try runner.write("s.txt", "2.0 click 480 595\n")
    let result = try runner.run(
      Self.headless + [
        "--seconds", "3", "--ads", runner.path("ads/manifest.json"), "--script", script, "--trace",
        runner.path("t.jsonl"),
      ], environment: ["FONTCONFIG_FILE": config])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try String(contentsOfFile: runner.path("t.jsonl"), encoding: .utf8).split(separator: "\n")
    let reports = lines.filter { $0.contains(#""event":"text.missingGlyphs""#) }
    #expect(reports.count == 1, "\(reports)")
    #expect(reports.first?.contains(#""id":"jp","codePoints":"U+4ECA U+3059 U+3050""#) == true, "\(reports)")
  }
}
