/// Why a vendor list, a translation or a consent file was refused: the document, the place (a
/// member's path, or a line and column) and what was wrong there.
public struct ConsentDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message.
  public let description: String

  /// A failure saying `description`.
  public init(_ description: String) {
    self.description = description
  }
}
