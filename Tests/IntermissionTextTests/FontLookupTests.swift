import Foundation
import IntermissionText
import Testing

/// Faces through fontconfig: by language, by character and language, and from a configuration of
/// the caller's own. Each lookup opens its configuration and frees it when it ends.
@Suite struct FontLookupTests {
  @Test func aCharacterFindsAFaceOfTheTextsLanguage() throws {
    let lookup = try FontLookup(configurationFile: nil)
    let thai = try #require(lookup.face(covering: "ก", language: "th"))
    #expect(thai.path.contains("Thai"), "\(thai)")
    let japanese = try #require(lookup.face(covering: "直", language: "ja"))
    let chinese = try #require(lookup.face(covering: "直", language: "zh-Hans"))
    #expect(japanese != chinese, "the language picks the regional face of a collection")
    #expect(japanese.path.hasSuffix(".ttc") && japanese.path == chinese.path)
    #expect(lookup.face(covering: "\u{10FFFD}", language: "en") == nil, "no face has a noncharacter")
    let latin = try #require(lookup.primaryFace(language: "en"))
    #expect(FileManager.default.fileExists(atPath: latin.path))
  }

  /// A pattern fontconfig could not build (an `FcPatternAdd*` that failed) finds no face, where a
  /// pattern missing its family, language or character would have found some other one.
  @Test func aFailedPatternAddFindsNoFace() throws {
    let lookup = try FontLookup(configurationFile: nil)
    #expect(lookup.face(covering: "ก", language: "th") != nil && lookup.primaryFace(language: "en") != nil)
    lookup.simulatePatternAddFailures(true)
    #expect(lookup.face(covering: "ก", language: "th") == nil)
    #expect(lookup.primaryFace(language: "en") == nil)
    lookup.simulatePatternAddFailures(false)
    #expect(lookup.face(covering: "ก", language: "th") != nil, "found again once fontconfig adds again")
  }

  @Test func aConfigurationThatDoesNotLoadIsAnError() {
    #expect(throws: FontLookup.LoadError.self) { try FontLookup(configurationFile: "/nonexistent/fonts.conf") }
  }
}
