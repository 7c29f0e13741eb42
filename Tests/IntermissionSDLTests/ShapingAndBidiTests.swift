import CHarfBuzzShaper
import IntermissionCore
import IntermissionSDL
import IntermissionTestSupport
import IntermissionText
import Testing

/// Shaping by glyphs and bidi by pixels: the Arabic word's glyphs are HarfBuzz's joined forms (the
/// font's own glyphs for the initial, medial and final presentation forms) and the canvas draws
/// exactly those; a mixed Arabic and Latin title's parts stand in right-to-left order on screen.
extension ScriptRenderingTests {
  /// "بيت" (beh, yeh, teh): its letters' isolated forms, and the forms they take joined, in visual
  /// order (leftmost first): the final teh, the medial yeh, the initial beh.
  static let word = "بيت"
  static let isolatedVisual: [UInt32] = [0x062A, 0x064A, 0x0628]
  static let joinedVisual: [UInt32] = [0xFE96, 0xFEF4, 0xFE91]

  @Test func anArabicWordIsShapedIntoItsJoinedFormsAndDrawnWithThem() throws {
    let stack = try BackendFixtures.Stack(width: 900, height: 120)
    let faces = stack.canvas.faces(for: Self.word, style: .title, language: "ar")
    let face = try #require(faces.first ?? nil, "no face for \(Self.word)")
    #expect(Set(faces) == [face], "one face for the word: \(faces)")

    // HarfBuzz, shaping the word in the face the canvas chose, gives the font's glyphs of the
    // joined forms, which are not its glyphs of the isolated letters.
    func nominal(_ scalars: [UInt32]) -> [UInt32] {
      scalars.map { harfbuzz_shaper_nominal_glyph(face.path, UInt32(face.index), $0) }
    }
    var glyphs = [UInt32](repeating: 0, count: 8)
    let count = harfbuzz_shaper_shape(face.path, UInt32(face.index), Self.word, "Arab", "ar", 1, &glyphs, 8)
    let joined = nominal(Self.joinedVisual)
    let isolated = nominal(Self.isolatedVisual)
    #expect(!joined.contains(0) && !isolated.contains(0), "\(face.path) maps every form: \(joined) \(isolated)")
    #expect(Array(glyphs.prefix(Int(count))) == joined, "shaped \(glyphs.prefix(Int(count))), joined \(joined)")
    #expect(zip(joined, isolated).allSatisfy { $0 != $1 }, "each joined form is a glyph of its own")

    // The canvas draws the word as those glyphs: pixel for pixel, the presentation forms themselves
    // (which shaping leaves as they are), and not the isolated letters set side by side.
    let drawn = try Self.mask(Self.word, on: stack)
    let forms = String(String.UnicodeScalarView(Self.joinedVisual.reversed().compactMap(Unicode.Scalar.init)))
    #expect(stack.canvas.faces(for: forms, style: .title, language: "ar").allSatisfy { $0 == face })
    #expect(drawn == (try Self.mask(forms, on: stack)), "the word draws as its joined forms")
    let apart = Self.isolatedVisual.reversed().compactMap(Unicode.Scalar.init).map { "\($0)\u{200C}" }.joined()
    #expect(drawn != (try Self.mask(apart, on: stack)), "and not as its letters apart")
  }

  /// An RTL title with an LTR phrase: "عرض" (show), "Play 2", "اليوم" (today). Read from the right,
  /// "عرض" is rightmost and "اليوم" leftmost, with "Play 2" between them, its letters left to right.
  @Test func aMixedArabicAndLatinTitleStandsInRightToLeftOrder() throws {
    let stack = try BackendFixtures.Stack(width: 900, height: 120)
    let title = try Self.profile("عرض Play 2 اليوم", on: stack)
    var places: [String: Int] = [:]
    for part in ["عرض", "P", "y", "2", "اليوم"] {
      let alone = try Self.profile(part, on: stack)
      let found = try #require(Self.place(of: alone, in: title), "\(part) is not in the title's pixels")
      places[part] = found
    }
    let order = places.sorted { $0.value < $1.value }.map(\.key)
    #expect(order == ["اليوم", "P", "y", "2", "عرض"], "left to right: \(order), at \(places)")
  }

  /// The ink of `text` drawn white on black at the same place, as rows of lit pixels, cropped to its
  /// box.
  static func mask(_ text: String, on stack: BackendFixtures.Stack) throws -> [[Bool]] {
    let ink = try Self.ink(text, language: "ar", on: stack)
    let pixels = try stack.canvas.readPixels()
    guard !ink.isEmpty else { return [] }
    return (ink.minY...ink.maxY).map { y in (ink.minX...ink.maxX).map { x in pixels.pixel(x: x, y: y).green > 96 } }
  }

  /// How many pixels of each column of the canvas `text` lit (drawn as `ink` draws it), from its
  /// leftmost lit column to its rightmost: a signature that holds wherever the text stands.
  static func profile(_ text: String, on stack: BackendFixtures.Stack) throws -> [Int] {
    let ink = try Self.ink(text, language: "ar", on: stack)
    let pixels = try stack.canvas.readPixels()
    guard !ink.isEmpty else { return [] }
    return (ink.minX...ink.maxX).map { x in (0..<pixels.height).filter { pixels.pixel(x: x, y: $0).green > 96 }.count }
  }

  /// The column in `whole` where `part`'s profile fits exactly, if it fits at exactly one.
  static func place(of part: [Int], in whole: [Int]) -> Int? {
    guard !part.isEmpty, part.count <= whole.count else { return nil }
    let fits = (0...(whole.count - part.count)).filter { Array(whole[$0..<$0 + part.count]) == part }
    return fits.count == 1 ? fits[0] : nil
  }
}
