import IntermissionCore
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// SDL_ttf built without HarfBuzz fails to set a font's direction and script for every run
/// (simulated here: `FontLibrary.simulatesMissingHarfBuzz`). Latin text left to right draws all the
/// same, pixel for pixel; an Arabic run, which would draw unjoined and in the wrong order, is
/// refused with the reason.
extension ScriptRenderingTests {
  @Test func latinTextDrawsAndArabicIsRefusedWhenSDLTTFCannotShape() throws {
    // Fonts that could not be told their script shape with none (HarfBuzz's "Zzzz"), which differs
    // from "Latn" only in kerning pairs of that script ("ft" in DejaVu Sans); this text has none, so
    // it draws exactly as shaped.
    let latin = "Play Now, 2 lives"
    let arabic = "سلام"
    func columns(_ ink: Ink) -> [[Int]] {
      ink.columns.map { [$0.key, $0.value.top, $0.value.bottom] }.sorted { $0[0] < $1[0] }
    }
    let shaped: (latin: Ink, arabic: Ink)
    do {
      let stack = try BackendFixtures.Stack(width: 900, height: 120)
      shaped = (try Self.ink(latin, language: "en", on: stack), try Self.ink(arabic, language: "ar", on: stack))
    }
    #expect(shaped.latin.width > 100 && shaped.arabic.width > 20, "\(shaped.latin.width), \(shaped.arabic.width)")

    let stack = try BackendFixtures.Stack(width: 900, height: 120)
    stack.window.fonts.simulatesMissingHarfBuzz.store(true, ordering: .relaxed)
    let unshaped = try Self.ink(latin, language: "en", on: stack)
    #expect(columns(unshaped) == columns(shaped.latin), "Latin drew \(unshaped.width) columns of \(shaped.latin.width)")
    #expect(try Self.ink(arabic, language: "ar", on: stack).isEmpty, "unshaped Arabic is not drawn")

    let font = try Font(library: stack.window.fonts, path: BackendFixtures.font, pointSize: 24)
    #expect(
      throws: SDLError(
        function: "TTF_SetFontDirection",
        message: "SDL_ttf cannot shape text (built without HarfBuzz?): a right-to-left Arab run would be drawn unshaped"
      )
    ) { try font.shape(script: "Arab", rightToLeft: true) }
    #expect(
      throws: SDLError(
        function: "TTF_SetFontDirection",
        message: "SDL_ttf cannot shape text (built without HarfBuzz?): a left-to-right Deva run would be drawn unshaped"
      )
    ) { try font.shape(script: "Deva", rightToLeft: false) }
    for script in ["Latn", "Zyyy", "Zinh"] {
      #expect(throws: Never.self, "\(script) draws unshaped") { try font.shape(script: script, rightToLeft: false) }
    }
  }
}
