import Foundation
import IntermissionTestSupport
import Testing

/// `AdStack` is the one place that puts an overlay's delivery together: no other file of
/// `Sources/` constructs an HTTP client, a beacon queue, a beacon store, an outbox or a ledger
/// (within `IntermissionNet`, the types that wrap one another may).
@Suite("Composition root")
struct CompositionRootTests {
  /// The package's folder, from this file's place in `Tests/IntermissionTests/`.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The Swift files under `Sources/`, relative to the package's folder.
  static func sourceFiles() throws -> [String] {
    let sources = repository.appendingPathComponent("Sources").path
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources))
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "Sources/" + $0 }
  }

  @Test func onlyAdStackConstructsAClientAQueueOrALedger() throws {
    // A call or `.init(` of the client, the queue, its store, the outbox or a ledger, generic or
    // not, wherever it stands on a line (a declaration's default argument included).
    let construction = /\b(HTTPClient|BeaconQueue|BeaconStore|DurableOutbox|\w*Ledger)(<[^>]*>)?(\(|\.init\()/
    var constructors: [String] = []
    let files = try Self.sourceFiles()
    #expect(files.count > 200, "the sources were read: \(files.count) files")
    for file in files {
      let text = try String(contentsOf: Self.repository.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//"), code.contains(construction) else { continue }
        constructors.append(file)
      }
    }
    let outsideNet = Set(constructors.filter { !$0.hasPrefix("Sources/IntermissionNet/") })
    #expect(outsideNet == ["Sources/Intermission/AdStack.swift"], "\(constructors)")
  }
}
