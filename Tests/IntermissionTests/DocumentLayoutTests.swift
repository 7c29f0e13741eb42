import Foundation
import IntermissionTestSupport
import Testing

/// The documents people read: a README that fits on a screen and links only what exists, and no
/// line over 120 characters in it, in ARCHITECTURE.md or in any DocC catalogue's Markdown.
/// (CHANGELOG.md and BENCHMARKS.md keep their wide tables.)
@Suite("Document layout")
struct DocumentLayoutTests {
  static let repository = ProgramRunner.root

  static func text(_ path: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
  }

  /// README.md, ARCHITECTURE.md and every Markdown file of a DocC catalogue in `Sources/`.
  static func documents() throws -> [String] {
    let sources = repository.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    var paths = ["README.md", "ARCHITECTURE.md"]
    for case let file as URL in files where file.pathExtension == "md" && file.path.contains(".docc/") {
      paths.append(String(file.path.dropFirst(repository.path.count + 1)))
    }
    return paths.sorted()
  }

  @Test func theREADMEHasAtMostTwoHundredLines() throws {
    let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 201, "README.md has \(lines.count) lines")
  }

  @Test func noDocumentHasALineOver120Characters() throws {
    let documents = try Self.documents()
    #expect(documents.count > 10, "the catalogues were found: \(documents)")
    var long: [String] = []
    for path in documents {
      for (number, line) in try Self.text(path).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.count > 120 {
        long.append("\(path):\(number + 1)")
      }
    }
    #expect(long.isEmpty, "\(long)")
  }

  @Test func everyFileTheREADMELinksExists() throws {
    let readme = try Self.text("README.md")
    // Links and images to files of the repository: ](path) where the path is not a URL or an anchor.
    let targets = readme.split(separator: "](").dropFirst().compactMap { $0.split(separator: ")").first }
      .map(String.init).filter { !$0.hasPrefix("http") && !$0.hasPrefix("#") }
    #expect(targets.count > 15, "the links were read: \(targets)")
    let missing = targets.filter {
      !FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent($0).path)
    }
    #expect(missing.isEmpty, "README.md links files that do not exist: \(missing)")
  }
}
