import IntermissionCore
import IntermissionText

/// One thread's fonts for a `TextEngine`: a `FontChain` per style and language, opened as they are
/// needed at the engine's current scale. FreeType's faces are used by one thread at a time, so the
/// canvas and the rehearsals each have their own, and neither waits while the other draws.
final class TextFonts {
  /// What the fonts are opened for: a new layout (another scale, other font files) is a new
  /// generation, and fonts of an older one are closed when they are next asked for.
  struct Layout {
    var generation = 0
    var scale = (x: 1.0, y: 1.0)
    var preferred: [String] = []
  }

  private struct ChainKey: Hashable {
    let style: TextStyle
    let language: String
  }

  private let library: FontLibrary
  private let fontPaths: [String]
  private let lookup: FontLookup?
  private var generation = -1
  private var chains: [ChainKey: FontChain] = [:]

  /// Fonts drawing with `fontPaths` first, then with the faces `lookup` finds.
  init(library: FontLibrary, fontPaths: [String], lookup: FontLookup?) {
    self.library = library
    self.fontPaths = fontPaths
    self.lookup = lookup
  }

  /// The chain for `style` and `language` in `layout`, opened now when it is not open.
  /// - Throws: `SDLError` when no font of the chain opens.
  func chain(style: TextStyle, language: String, layout: Layout) throws -> FontChain {
    if generation != layout.generation {
      chains.removeAll()
      generation = layout.generation
    }
    let key = ChainKey(style: style, language: language)
    if let known = chains[key] { return known }
    let opened = try FontChain(
      library: library, preferred: layout.preferred + fontPaths, lookup: lookup, language: language,
      pointSize: Int((style.pointSize * layout.scale.y).rounded()))
    chains[key] = opened
    return opened
  }

  /// The size `text` takes in pixels; zero when no font opens.
  func measure(_ text: String, style: TextStyle, language: String, layout: Layout) -> (width: Int, height: Int) {
    guard let chain = try? chain(style: style, language: language, layout: layout) else { return (0, 0) }
    return TextRasteriser.measure(text.isEmpty ? " " : text, chain: chain)
  }

  /// `text` rasterised in white, its colour font's runs apart; nil when it cannot be drawn.
  func render(_ text: String, style: TextStyle, language: String, layout: Layout) -> TextEngine.Rendered? {
    // TTF renders nothing for an empty string; draw a space instead so the size is meaningful.
    guard let chain = try? chain(style: style, language: language, layout: layout),
      let rendered = try? TextRasteriser.render(text.isEmpty ? " " : text, chain: chain)
    else { return nil }
    return TextEngine.Rendered(surface: rendered.surface, colour: rendered.colour, missing: rendered.missing)
  }
}
