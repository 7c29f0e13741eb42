import IntermissionCore
import IntermissionSDL
import IntermissionTestSupport
import IntermissionText
import Testing

/// fontconfig is asked only for what the canvas's own font files lack: a canvas whose Latin text
/// DejaVu Sans draws never loads fontconfig's configuration (nor reads its caches); a Japanese
/// character, which DejaVu Sans lacks, loads it.
@Suite("fontconfig, loaded only for what the font files lack", .serialized, .sdlSession)
struct FontLoadingTests {
  @Test func latinTextLoadsNoFontconfigAndAJapaneseCharacterDoes() throws {
    let lookup = FontLookup(loadingAtFirstUse: nil)
    let stack = try BackendFixtures.Stack(width: 320, height: 80, fontLookup: lookup)
    let canvas = stack.canvas
    canvas.clear(Color(hex: 0x000000))
    for style in TextStyle.allCases {
      canvas.drawText(
        "Tidewater Café: fresh coffee, 2 cups!", style: style, color: Color(hex: 0xFFFFFF),
        in: Rect(x: 0, y: 0, width: 320, height: 40), alignment: .leading, language: "en", truncating: true)
    }
    #expect(!lookup.isLoaded, "DejaVu Sans has every character")
    canvas.drawText(
      "直", style: .body, color: Color(hex: 0xFFFFFF), in: Rect(x: 0, y: 40, width: 320, height: 40),
      alignment: .leading, language: "ja", truncating: true)
    #expect(lookup.isLoaded)
    #expect(canvas.faces(for: "直", style: .body, language: "ja").first??.path != BackendFixtures.font)
  }
}
