import Foundation
import IntermissionTestSupport
import Testing

/// ICU is loaded only for text that needs it: a run of the shipped banners in English maps no
/// libicu (libicuuc and its 30 MB libicudata), and the same run in Arabic, whose text needs the
/// bidirectional algorithm, maps it. The check can fail both ways.
@Suite("ICU, loaded only for text that needs it")
struct TextMappingTests {
  /// Runs the demo headless on the shipped banners in `language` until its first impression (its
  /// banner's text laid out and drawn), and returns what it mapped then.
  static func libraries(language: String) throws -> Set<String> {
    let runner = try ProgramRunner()
    let folder = try ShippedManifest.bannerFolder(runner)
    let trace = runner.path("t.jsonl")
    let program = try runner.start([
      "--headless", "--no-audio", "--language", language, "--ads", folder.appendingPathComponent("manifest.json").path,
      "--seconds", "30", "--trace", trace,
    ])
    defer {
      kill(program.process.processIdentifier, SIGTERM)
      _ = runner.finish(program)
    }
    if !runner.waitForTrace("t.jsonl", containing: #""event":"impression""#, timeout: 20) {
      Issue.record("no impression: \((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "")")
    }
    return try VideoMappingTests.mappedLibraries(program.process.processIdentifier)
  }

  @Test func aRunOfLatinTextMapsNoICU() throws {
    let mapped = try Self.libraries(language: "en")
    #expect(mapped.contains { $0.hasPrefix("libSDL2") }, "the check sees the program's libraries: \(mapped)")
    #expect(!mapped.contains { $0.hasPrefix("libicu") }, "\(mapped.filter { $0.hasPrefix("libicu") })")
  }

  @Test func aRunOfArabicTextMapsICU() throws {
    let mapped = try Self.libraries(language: "ar")
    #expect(mapped.contains { $0.hasPrefix("libicuuc") } && mapped.contains { $0.hasPrefix("libicudata") }, "\(mapped)")
  }
}
