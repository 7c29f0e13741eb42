import CAllocationCounter
import IntermissionVAST
import Testing

/// A document's tree costs a bounded multiple of its size: a document of tiny elements is refused
/// (VAST error 100) before its tree outgrows 8 times its bytes.
@Suite("XML memory")
struct XMLReaderMemoryTests {
  /// A document of exactly `size` bytes: `<r>`, then `element` repeated `count` times, padded with
  /// spaces, then `</r>`.
  static func document(_ element: String, count: Int, size: Int) -> [UInt8] {
    var bytes = Array("<r>".utf8)
    let piece = Array(element.utf8)
    for _ in 0..<count { bytes += piece }
    let padding = size - bytes.count - 4
    precondition(padding >= 0, "\(count) of \(element) do not fit \(size) bytes")
    bytes += [UInt8](repeating: 0x20, count: padding) + Array("</r>".utf8)
    return bytes
  }

  /// The heap bytes `body`'s result holds: what this thread allocated in it, less what it freed.
  static func heapGrowth(_ body: () throws -> Any) rethrows -> Int {
    allocation_counter_begin()
    defer { _ = allocation_counter_end() }
    let kept = try body()
    return withExtendedLifetime(kept) { Int(allocation_counter_held_bytes()) }
  }

  /// The shapes of the densest documents: bare elements, elements with attributes, with text.
  static let shapes = [
    "<a/>", #"<a b=""/>"#, #"<a b="" c="" d="" e="" f="" g="" h="" i=""/>"#, "<a>0123456789abcdef</a>",
    "<a><b/></a>",
  ]

  @Test(
    .enabled(if: allocation_counter_is_available() == 1, "sanitizers own malloc: no counting there"),
    arguments: shapes)
  func theDensestDocumentReadCostsAtMost8TimesItsSize(_ shape: String) throws {
    let size = XMLReader.maximumSize
    let nodesEach = 1 + shape.filter { $0 == "=" }.count + (shape.contains("<b/>") ? 1 : 0)
    let count = min((XMLReader.maximumNodes(ofDocumentSize: size) - 1) / nodesEach, (size - 7) / shape.utf8.count)
    let bytes = Self.document(shape, count: count, size: size)
    let growth = try Self.heapGrowth { try XMLReader.parse(bytes) }
    #expect(growth <= 8 * size, "\(count) × \(shape) took \(growth) bytes")
  }

  /// 1 MiB of `<a/>` (about 262,000 elements) is refused as error 100 before its tree is built.
  @Test func aMebibyteOfTinyElementsIsError100() throws {
    let count = (XMLReader.maximumSize - 40) / 4
    var text = Array(#"<VAST version="4.2">"#.utf8)
    text += Array(String(repeating: "<a/>", count: count).utf8) + Array("</VAST>".utf8)
    #expect(text.count <= XMLReader.maximumSize)
    #expect(
      throws: VASTError(.xmlParsing, "more elements and attributes than a document of its size may hold at line 1")
    ) {
      try VASTDocument.read(text)
    }
  }

  /// A VAST document as servers write them is far from the bound: the fixtures' inline ad, a few
  /// kilobytes, and a tiny empty response read.
  @Test func realDocumentsAreRead() throws {
    #expect(try VASTDocument.read(Array(VASTFixtures.inline().utf8)).ads.count == 1)
    #expect(try VASTDocument.read(Array(#"<VAST version="4.2"/>"#.utf8)).ads.isEmpty)
  }
}
