import CExpat
import IntermissionBasics

/// An element of a parsed XML document: its local name (any namespace dropped), its attributes by
/// local name, its own text (CDATA included), and its child elements in order.
package struct XMLElement: Sendable, Equatable {
  /// The local name.
  package var name: String
  /// The attributes, by local name.
  package var attributes: [String: String]
  /// The element's own text, its children's left out.
  package var text: String
  /// The child elements, in document order.
  package var children: [XMLElement]

  /// Creates an element.
  package init(name: String, attributes: [String: String] = [:], text: String = "", children: [XMLElement] = []) {
    self.name = name
    self.attributes = attributes
    self.text = text
    self.children = children
  }

  /// The first child named `name`.
  package func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

  /// Every child named `name`, in order.
  package func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }

  /// The text without the white space around it (a CDATA URL's newlines and indentation).
  package var trimmedText: String {
    String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}

/// Reads XML documents with libexpat (`CExpat`, loaded at the first read), as untrusted input.
package enum XMLReader {
  /// The largest document read, in bytes.
  package static let maximumSize = 1 << 20
  /// The deepest nesting of elements read.
  package static let maximumDepth = 64
  /// The document bytes each element or attribute needs, on average, beyond the small
  /// documents' allowance: the tree of a document then takes at most about 8 times its size.
  package static let bytesPerNode = 16
  /// The elements and attributes any document may hold, however small.
  package static let minimumNodes = 128

  /// The most elements and attributes (an element counts one, and one more for each attribute) a
  /// document of `size` bytes may hold: one per `bytesPerNode` bytes, and at least `minimumNodes`.
  /// Each costs up to about 128 bytes in the tree, so a document's tree takes at most 8 times its
  /// size (or 16 KiB, for a small one: 64 nested elements are read whatever their size).
  package static func maximumNodes(ofDocumentSize size: Int) -> Int { max(minimumNodes, size / bytesPerNode) }

  /// Why a document was not read.
  package struct Refusal: Error, Hashable, CustomStringConvertible {
    /// What was wrong, and where.
    package let description: String
  }

  /// The root element of the document in `bytes`.
  /// - Throws: `Refusal` for a document over `maximumSize`, malformed XML, a document type
  ///   declaration (and so any entity), nesting deeper than `maximumDepth`, more elements and
  ///   attributes than `maximumNodes(ofDocumentSize:)`, or no libexpat.
  package static func parse(_ bytes: [UInt8]) throws(Refusal) -> XMLElement {
    guard bytes.count <= maximumSize else {
      throw Refusal(description: "the document has \(bytes.count) bytes, more than \(maximumSize)")
    }
    let builder = TreeBuilder()
    var error = [CChar](repeating: 0, count: 256)
    let result = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { text in
        withExtendedLifetime(builder) {
          var handlers = intermission_xml_handlers(
            user: Unmanaged.passUnretained(builder).toOpaque(),
            start: { user, name, attributes in
              TreeBuilder.from(user).start(name: name.map { String(cString: $0) } ?? "", attributes: attributes)
            },
            end: { user, _ in TreeBuilder.from(user).end() },
            text: { user, text, length in
              guard let text, length > 0 else { return }
              TreeBuilder.from(user).append(text, length: Int(length))
            })
          return intermission_xml_parse(
            text.baseAddress, text.count, CInt(maximumDepth), maximumNodes(ofDocumentSize: text.count), &handlers,
            &error, error.count)
        }
      }
    }
    guard result == 0 else {
      throw Refusal(
        description: String(nulTerminated: error))
    }
    guard let root = builder.root else { throw Refusal(description: "the document has no element") }
    return root
  }
}

/// Builds the tree of elements from the parser's events.
private final class TreeBuilder {
  private var open: [XMLElement] = []
  private var text: [[UInt8]] = []
  private(set) var root: XMLElement?

  static func from(_ user: UnsafeMutableRawPointer?) -> TreeBuilder {
    Unmanaged<TreeBuilder>.fromOpaque(user!).takeUnretainedValue()
  }

  func start(name: String, attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
    var values: [String: String] = [:]
    var index = 0
    while let key = attributes?[index], let value = attributes?[index + 1] {
      values[String(cString: key)] = String(cString: value)
      index += 2
    }
    open.append(XMLElement(name: name, attributes: values))
    text.append([])
  }

  func append(_ piece: UnsafePointer<CChar>, length: Int) {
    guard !text.isEmpty else { return }
    piece.withMemoryRebound(to: UInt8.self, capacity: length) {
      text[text.count - 1].append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
    }
  }

  func end() {
    guard var element = open.popLast(), let bytes = text.popLast() else { return }
    element.text = String(decoding: bytes, as: UTF8.self)
    if open.isEmpty {
      root = element
    } else {
      open[open.count - 1].children.append(element)
    }
  }
}
