/// One face of a font file: a `.ttf` or `.otf` holds one, a `.ttc` collection several, by index.
public struct FontFace: Hashable, Sendable {
  /// The font file.
  public var path: String
  /// The face's index in its file (0 for a file of one face).
  public var index: Int

  /// Names the face at `index` in the file at `path`.
  public init(path: String, index: Int = 0) {
    self.path = path
    self.index = index
  }
}
