import IntermissionBasics
import IntermissionCore
import IntermissionText

/// An `SDLCanvas`'s text, from any thread: lines measured, cut with "…" and wrapped, and lines
/// rasterised onto surfaces, which the canvas uploads.
///
/// A loader's worker rehearses an ad's drawing on it (`rehearsalCanvas(size:)`), which prepares
/// the ad's lines before the ad is shown; the canvas then takes each prepared surface instead of
/// rasterising on the loop. The canvas and the rehearsals draw with fonts of their own
/// (`TextFonts`, opened alike, so their answers are the same), each set behind its own lock: the
/// loop never waits while a worker rasterises. A third lock, held only to read or write them,
/// guards the answers and prepared lines the two sides share.
final class TextEngine: TextPreparer, @unchecked Sendable {
  /// One line of text as the canvas draws it.
  struct Line: Hashable {
    let text: String
    let style: TextStyle
    let language: String
  }

  /// A line rasterised in white (its alpha is the coverage), its colour font's runs (emoji) apart
  /// in their own colours, and the characters no font had.
  struct Rendered {
    let surface: Surface
    let colour: Surface?
    let missing: [Unicode.Scalar]
  }

  /// Who asks: the canvas, on the loop, or a rehearsal, on a worker. Each has its own fonts.
  enum Side {
    case canvas
    case rehearsal
  }

  private struct FittedKey: Hashable {
    let line: Line
    let width: Double
  }

  private struct WrapKey: Hashable {
    let line: Line
    let width: Double
    let maxLines: Int
  }

  /// The most cuts, wrappings and prepared lines kept; past it they start afresh.
  static let cacheLimit = 256

  private let canvasFonts: TextFonts
  private let canvasFontsLock = Locked(())
  private let rehearsalFonts: TextFonts
  private let rehearsalFontsLock = Locked(())

  /// Guards what follows: held to read or write it, never while drawing.
  private let lock = Locked(())
  private var layout = TextFonts.Layout()
  private var defaultLanguage = "en"
  private var fittedTexts: [FittedKey: String] = [:]
  private var wrappedTexts: [WrapKey: [String]] = [:]
  private var prepared: [Line: Rendered] = [:]
  /// The lines the canvas has taken since the last reset (it keeps their textures).
  private var delivered: Set<Line> = []
  private var counts = (prepared: 0, onTake: 0)
  /// For each text the canvas took since the last reset, whether it had been prepared.
  private var takes: [String: Bool] = [:]

  /// An engine drawing with `fontPaths` first, then with the faces `lookup` finds.
  init(library: FontLibrary, fontPaths: [String], lookup: FontLookup?) {
    canvasFonts = TextFonts(library: library, fontPaths: fontPaths, lookup: lookup)
    rehearsalFonts = TextFonts(library: library, fontPaths: fontPaths, lookup: lookup)
  }

  /// The language of a line drawn without one: the canvas's.
  var language: String {
    get { lock.withLock { _ in defaultLanguage } }
    set { lock.withLock { _ in defaultLanguage = newValue } }
  }

  /// Lines prepared ahead (by a rehearsal), and lines the canvas took that were not, so rasterised
  /// when it took them: on the loop.
  var rasterisedCounts: (prepared: Int, onTake: Int) { lock.withLock { _ in counts } }

  /// Forgets every answer and prepared line (the canvas drops its textures with it), closes the
  /// fonts, and opens the canvas's fonts of its language at `scale` (output pixels per point), so
  /// that a font that cannot open is an error now. The rehearsals open theirs when they next draw.
  /// - Parameter preferred: the game's own font files, tried before the canvas's; nil keeps them.
  /// - Throws: `SDLError` when no font opens.
  func reset(scale: (x: Double, y: Double), preferred: [String]? = nil) throws {
    let (layout, language) = lock.withLock { _ in
      self.layout.generation += 1
      self.layout.scale = scale
      if let preferred { self.layout.preferred = preferred }
      fittedTexts.removeAll()
      wrappedTexts.removeAll()
      prepared.removeAll()
      delivered.removeAll()
      takes.removeAll()
      return (self.layout, defaultLanguage)
    }
    try canvasFontsLock.withLock { _ in
      for style in TextStyle.allCases { _ = try canvasFonts.chain(style: style, language: language, layout: layout) }
    }
  }

  /// `line` with the canvas's language when it has none.
  func line(_ text: String, style: TextStyle, language: String?) -> Line {
    Line(text: text, style: style, language: language ?? self.language)
  }

  /// The size `line` takes, in pixels; zero when no font opens.
  func measure(_ line: Line, on side: Side) -> (width: Int, height: Int) {
    let layout = lock.withLock { _ in self.layout }
    return withFonts(side) { $0.measure(line.text, style: line.style, language: line.language, layout: layout) }
  }

  /// `line`'s text cut with "…" to `width` points, between grapheme clusters, as measured by
  /// shaping each candidate.
  func fitted(_ line: Line, width: Double, on side: Side) -> String {
    cached(\.fittedTexts, FittedKey(line: line, width: width), on: side) { fonts, layout in
      GraphemeTruncation.truncate(line.text, toFit: width) {
        Double(fonts.measure($0, style: line.style, language: line.language, layout: layout).width) / layout.scale.x
      }
    }
  }

  /// `line`'s text in at most `maxLines` lines no wider than `width` points (UAX #14).
  func wrapped(_ line: Line, width: Double, maxLines: Int, on side: Side) -> [String] {
    cached(\.wrappedTexts, WrapKey(line: line, width: width, maxLines: maxLines), on: side) { fonts, layout in
      LineBreaker.wrap(line.text, width: width, maxLines: maxLines, language: line.language) {
        Double(fonts.measure($0, style: line.style, language: line.language, layout: layout).width) / layout.scale.x
      }
    }
  }

  /// The answer `cache` keeps for `key`, else the one `make` gives with `side`'s fonts, kept unless
  /// the layout changed meanwhile (a full cache is emptied first).
  private func cached<Key: Hashable, Value>(
    _ cache: ReferenceWritableKeyPath<TextEngine, [Key: Value]>, _ key: Key, on side: Side,
    make: (TextFonts, TextFonts.Layout) -> Value
  ) -> Value {
    let (known, layout) = lock.withLock { _ in (self[keyPath: cache][key], self.layout) }
    if let known { return known }
    let value = withFonts(side) { make($0, layout) }
    lock.withLock { _ in
      guard self.layout.generation == layout.generation else { return }
      if self[keyPath: cache].count >= TextEngine.cacheLimit { self[keyPath: cache].removeAll() }
      self[keyPath: cache][key] = value
    }
    return value
  }

  /// Rasterises `line` in the rehearsals' fonts for the canvas to take later, unless the canvas
  /// has it or it is prepared already.
  /// - Returns: its size in pixels; nil when it cannot be drawn.
  @discardableResult
  func prepare(_ line: Line) -> (width: Int, height: Int)? {
    let (ready, isDelivered, layout) = lock.withLock { _ in
      (prepared[line].map { ($0.surface.width, $0.surface.height) }, delivered.contains(line), self.layout)
    }
    if let ready { return ready }
    if isDelivered { return measure(line, on: .rehearsal) }
    guard
      let rendered = withFonts(
        .rehearsal,
        {
          $0.render(line.text, style: line.style, language: line.language, layout: layout)
        })
    else { return nil }
    lock.withLock { _ in
      guard self.layout.generation == layout.generation, !delivered.contains(line), prepared[line] == nil
      else { return }
      if prepared.count >= TextEngine.cacheLimit { prepared.removeAll() }
      prepared[line] = rendered
      counts.prepared += 1
    }
    return (rendered.surface.width, rendered.surface.height)
  }

  /// `line` rasterised: the prepared surface (given up by the engine), else rasterised now in the
  /// canvas's fonts. The engine then counts it as the canvas's.
  func take(_ line: Line) -> Rendered? {
    let (ready, layout) = lock.withLock { _ in
      delivered.insert(line)
      if takes.count >= TextEngine.cacheLimit * 4 { takes.removeAll() }
      let ready = prepared.removeValue(forKey: line)
      takes[line.text] = ready != nil
      if ready == nil { counts.onTake += 1 }
      return (ready, self.layout)
    }
    if let ready { return ready }
    return withFonts(.canvas) { $0.render(line.text, style: line.style, language: line.language, layout: layout) }
  }

  /// Whether `text` had been prepared when the canvas took it (in any style or language); nil when
  /// the canvas has not taken it since the last reset.
  func wasPrepared(_ text: String) -> Bool? { lock.withLock { _ in takes[text] } }

  /// The face each character of `text` is drawn with on the canvas; nil for a character no font
  /// has.
  func faces(for text: String, style: TextStyle, language: String) -> [FontFace?] {
    let layout = lock.withLock { _ in self.layout }
    return withFonts(.canvas) { fonts in
      guard let chain = try? fonts.chain(style: style, language: language, layout: layout) else { return [] }
      return text.map { chain.font(for: $0).map(chain.face(at:)) }
    }
  }

  func rehearsalCanvas(size: Size) -> any Canvas {
    TextRehearsalCanvas(engine: self, size: size, scale: lock.withLock { _ in layout.scale })
  }

  /// Runs `body` with `side`'s fonts, under their lock.
  private func withFonts<Result>(_ side: Side, _ body: (TextFonts) -> Result) -> Result {
    switch side {
    case .canvas: canvasFontsLock.withLock { _ in body(canvasFonts) }
    case .rehearsal: rehearsalFontsLock.withLock { _ in body(rehearsalFonts) }
    }
  }
}
