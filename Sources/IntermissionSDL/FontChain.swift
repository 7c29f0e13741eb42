import IntermissionText

/// The fonts that one language's text is drawn with at one size: the game's own font files first,
/// then fontconfig's sans-serif face for the language, then, as characters need them, the faces
/// fontconfig finds for characters that none of those has. Each face is opened once per chain.
/// fontconfig is asked only for a character the game's files lack (or when it gives none), so a
/// run whose text its own fonts draw never loads fontconfig's configuration.
final class FontChain {
  /// The open fonts, in the order they are tried.
  private(set) var fonts: [Font] = []
  private var faces: [FontFace] = []
  /// Characters (their first scalars) that no face has: looked up once.
  private var lacking: Set<UInt32> = []
  /// Whether the language's primary face was looked up (and opened, when it is not among the faces).
  private var hasPrimaryFace = false
  private let library: FontLibrary
  private let lookup: FontLookup?
  private let language: String
  private let pointSize: Int

  /// Opens the chain's first fonts.
  /// - Parameters:
  ///   - preferred: the game's own font files, tried first; each must open.
  ///   - lookup: fontconfig's faces; nil for the preferred files only.
  ///   - language: the text's language, a BCP 47 tag.
  /// - Throws: `SDLError` when a preferred file does not open, or no font does.
  init(library: FontLibrary, preferred: [String], lookup: FontLookup?, language: String, pointSize: Int) throws {
    self.library = library
    self.lookup = lookup
    self.language = language
    self.pointSize = pointSize
    for path in preferred { try open(FontFace(path: path)) }
    if fonts.isEmpty { openPrimaryFace() }
    if fonts.isEmpty {
      throw SDLError(
        function: "TTF_OpenFontIndex", message: "no font file given and fontconfig found no sans-serif face")
    }
  }

  /// The face of the font at `index`.
  func face(at index: Int) -> FontFace { faces[index] }

  /// The first font of the chain: the one that measures a line.
  var primary: Font { fonts[0] }

  /// The index of the font that draws `character`: the first that has all its scalars, else a
  /// fallback face found for its first scalar, else the first that has that scalar alone; nil
  /// when no font has it.
  func font(for character: Character) -> Int? {
    let scalars = character.unicodeScalars.filter { !GlyphlessScalars.contains($0) }
    guard let base = scalars.first else { return 0 }
    if let index = fonts.firstIndex(where: { font in scalars.allSatisfy(font.provides) }) { return index }
    if !hasPrimaryFace {
      let opened = fonts.count
      openPrimaryFace()
      if let index = fonts[opened...].firstIndex(where: { font in scalars.allSatisfy(font.provides) }) { return index }
    }
    if !lacking.contains(base.value), let face = lookup?.face(covering: base, language: language) {
      if let known = faces.firstIndex(of: face) {
        if fonts[known].provides(base) { return known }
      } else if (try? open(face)) != nil, fonts[fonts.count - 1].provides(base) {
        return fonts.count - 1
      }
    }
    if let index = fonts.firstIndex(where: { $0.provides(base) }) { return index }
    lacking.insert(base.value)
    return nil
  }

  /// Opens fontconfig's sans-serif face for the language after the faces open, once. A primary
  /// face that does not open (a broken file in the system's fonts) is passed over.
  private func openPrimaryFace() {
    hasPrimaryFace = true
    if let primary = lookup?.primaryFace(language: language), !faces.contains(primary) { try? open(primary) }
  }

  private func open(_ face: FontFace) throws {
    fonts.append(try Font(library: library, face: face, pointSize: pointSize))
    faces.append(face)
  }
}
