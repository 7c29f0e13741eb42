/// The typographic roles the host renders text in; each maps to one font size.
public enum TextStyle: Hashable, Sendable, CaseIterable {
  /// The large title of a screen.
  case title
  /// A section heading or a button label.
  case heading
  /// Running text and list rows.
  case body
  /// Captions and hints.
  case caption

  /// The font size in points.
  public var pointSize: Double {
    switch self {
    case .title: 44
    case .heading: 24
    case .body: 18
    case .caption: 14
    }
  }
}

/// Horizontal placement of text within its rectangle.
public enum TextAlignment: Hashable, Sendable {
  /// Against the left edge.
  case leading
  /// Centred.
  case center
  /// Against the right edge.
  case trailing
}
