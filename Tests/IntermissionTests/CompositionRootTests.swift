import Foundation
import IntermissionTestSupport
import Testing

/// `AdStack` is the one place that puts an overlay's delivery together: no other file of
/// `Sources/` constructs an HTTP client, a beacon queue, a beacon store, an outbox or a ledger;
/// a type's own file may make one of its own kind (`HTTPClient.restricted`, the store's recovering
/// open).
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

  /// Whether `file` is the composition root's, or the file of the type `constructed` names.
  static func mayConstruct(_ constructed: Substring, in file: String) -> Bool {
    let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    let owner = name.split(separator: "+").first.map(String.init) ?? name
    return owner == "AdStack" && file.hasPrefix("Sources/Intermission/") || owner == constructed
  }

  @Test func onlyAdStackConstructsAClientAQueueOrALedger() throws {
    // A call or `.init(` of the client, the queue, its store, the outbox or a ledger, generic or
    // not, wherever it stands on a line (a declaration's default argument included).
    let construction = /\b(HTTPClient|BeaconQueue|BeaconStore|DurableOutbox|\w*Ledger)(<[^>]*>)?(\(|\.init\()/
    var constructors: [String] = []
    var outsideTheRoot: [String] = []
    let files = try Self.sourceFiles()
    #expect(files.count > 200, "the sources were read: \(files.count) files")
    for file in files {
      let text = try String(contentsOf: Self.repository.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { continue }
        for match in code.matches(of: construction) {
          constructors.append(file)
          if !Self.mayConstruct(match.output.1, in: file) { outsideTheRoot.append("\(file): \(code)") }
        }
      }
    }
    #expect(outsideTheRoot.isEmpty, "\(outsideTheRoot)")
    // The root does construct them: the pattern finds what it looks for.
    #expect(Set(constructors).isSuperset(of: ["Sources/Intermission/AdStack.swift"]), "\(constructors)")
  }

  @Test func theCheckFindsAConstructionOutsideTheRoot() {
    // What the test above would refuse: a client made in the consent's prefetch, a ledger in the store.
    #expect(!Self.mayConstruct("HTTPClient", in: "Sources/IntermissionNet/ConsentPrefetch.swift"))
    #expect(!Self.mayConstruct("RevenueLedger", in: "Sources/IntermissionNet/BeaconStore.swift"))
    #expect(!Self.mayConstruct("BeaconQueue", in: "Sources/IntermissionHost/Host.swift"))
    #expect(Self.mayConstruct("HTTPClient", in: "Sources/Intermission/AdStack+Consent.swift"))
    #expect(Self.mayConstruct("BeaconStore", in: "Sources/IntermissionNet/BeaconStore.swift"))
  }
}
