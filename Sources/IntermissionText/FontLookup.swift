import CText
import IntermissionBasics
import IntermissionCore

/// Faces found through fontconfig: the primary sans-serif face for a language, and the face to fall
/// back on for a character that face lacks.
///
/// A fallback is looked up with a pattern that carries both the character and the language, so a
/// Han character in a Japanese ad finds a Japanese face and the same character in a Chinese one a
/// Chinese face. Answers are kept, so each (language, character) costs one lookup. Safe to use
/// from any thread.
public final class FontLookup: Sendable {
  /// The system's fonts, as fontconfig's own configuration lists them. fontconfig loads them at
  /// the first question, once per process (a run whose text its own font files draw never asks,
  /// and never reads fontconfig's configuration and caches); when it cannot, no face is found.
  public static let system: FontLookup? = FontLookup(loadingAtFirstUse: nil)

  /// The most answers kept; past it the kept answers start afresh (hostile text may name many
  /// characters).
  static let answerLimit = 4096

  private struct State: @unchecked Sendable {
    /// The configuration; nil until it is loaded, or when it cannot be.
    var fonts: OpaquePointer?
    /// Whether it was loaded, or tried.
    var isLoaded: Bool
    let configurationFile: String?
    var primary: [String: FontFace?] = [:]
    var covering: [Key: FontFace?] = [:]
  }

  private struct Key: Hashable {
    let language: String
    let scalar: UInt32
  }

  /// The error when fontconfig cannot load a configuration.
  public struct LoadError: Error, CustomStringConvertible {
    /// What could not be loaded.
    public let description: String
  }

  private let state: Locked<State>

  /// Loads the system's configuration (nil), or only what the fontconfig file at `configurationFile`
  /// lists: a test's or a game's own set of fonts.
  /// - Throws: `LoadError` when fontconfig cannot load it.
  public init(configurationFile: String?) throws {
    guard let fonts = intermission_fonts_open(configurationFile) else {
      throw LoadError(description: "fontconfig could not load \(configurationFile ?? "the system's configuration")")
    }
    state = Locked(State(fonts: fonts, isLoaded: true, configurationFile: configurationFile))
  }

  /// A lookup that loads the system's configuration (nil), or the fontconfig file at
  /// `configurationFile`, at its first question; when it cannot, it finds no face.
  public init(loadingAtFirstUse configurationFile: String?) {
    state = Locked(State(fonts: nil, isLoaded: false, configurationFile: configurationFile))
  }

  deinit { state.withLock { intermission_fonts_close($0.fonts) } }

  /// Whether fontconfig's configuration was loaded (or tried): false until the first question.
  public var isLoaded: Bool { state.withLock { $0.isLoaded } }

  /// The configuration, loaded now if it is not yet; nil when it cannot be.
  private static func fonts(_ state: inout State) -> OpaquePointer? {
    if !state.isLoaded {
      state.isLoaded = true
      state.fonts = intermission_fonts_open(state.configurationFile)
    }
    return state.fonts
  }

  /// The face fontconfig picks for sans-serif text in `language` (a BCP 47 tag), or nil when it
  /// knows none.
  public func primaryFace(language: String) -> FontFace? {
    let name = FontLanguage.fontconfigName(language)
    return state.withLock { state in
      if let known = state.primary[name] { return known }
      guard let fonts = FontLookup.fonts(&state) else { return nil }
      let found = FontLookup.find(fonts, language: name, scalar: 0)
      state.primary[name] = found
      return found
    }
  }

  /// The face to draw `scalar` with in `language` text: the first, in fontconfig's order for a
  /// sans-serif face in that language with that character, that has it; nil when no face has it.
  public func face(covering scalar: Unicode.Scalar, language: String) -> FontFace? {
    let key = Key(language: FontLanguage.fontconfigName(language), scalar: scalar.value)
    return state.withLock { state in
      if let known = state.covering[key] { return known }
      guard let fonts = FontLookup.fonts(&state) else { return nil }
      let found = FontLookup.find(fonts, language: key.language, scalar: scalar.value)
      if state.covering.count >= FontLookup.answerLimit { state.covering.removeAll(keepingCapacity: true) }
      state.covering[key] = found
      return found
    }
  }

  /// Test seam: makes fontconfig's `FcPatternAdd*` calls of this lookup's questions fail (as when
  /// it runs out of memory) while `refuses` is true; its kept answers are forgotten. Package-only.
  package func simulatePatternAddFailures(_ refuses: Bool) {
    state.withLock { state in
      state.primary.removeAll()
      state.covering.removeAll()
      intermission_fonts_simulate_add_failures(FontLookup.fonts(&state), refuses ? 1 : 0)
    }
  }

  private static func find(_ fonts: OpaquePointer, language: String, scalar: UInt32) -> FontFace? {
    var path = [CChar](repeating: 0, count: 4096)
    var index: CInt = 0
    let found = intermission_fonts_find(fonts, "sans-serif", language, scalar, &path, path.count, &index)
    guard found == 1 else { return nil }
    let file = String(nulTerminated: path)
    return FontFace(path: file, index: Int(index))
  }
}
