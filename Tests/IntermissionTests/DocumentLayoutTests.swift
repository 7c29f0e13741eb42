import Foundation
import IntermissionTestSupport
import Testing

/// The documents people read: a README that fits on a screen and links only what exists, and no
/// line over 120 characters in any Markdown file of the repository (README.md, ARCHITECTURE.md,
/// CHANGELOG.md, BENCHMARKS.md, the DocC catalogues, the examples' and assets' notes).
@Suite("Document layout")
struct DocumentLayoutTests {
  static let repository = ProgramRunner.root

  static func text(_ path: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
  }

  /// Every Markdown file of the repository, outside build folders and hidden ones (`.git`).
  static func documents() throws -> [String] {
    let files = try #require(
      FileManager.default.enumerator(
        at: repository, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles, .skipsPackageDescendants]))
    var paths: [String] = []
    for case let file as URL in files {
      if file.lastPathComponent == ".build" || file.lastPathComponent == "build" {
        files.skipDescendants()
        continue
      }
      if file.pathExtension == "md" { paths.append(String(file.path.dropFirst(repository.path.count + 1))) }
    }
    #expect(paths.contains("CHANGELOG.md") && paths.contains("BENCHMARKS.md") && paths.count > 20, "\(paths)")
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
