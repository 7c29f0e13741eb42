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

  /// Whether `file` is the composition root's, or one of the files of the type `constructed`
  /// names (`Type.swift`, `Type+Part.swift`) in the folder `definitions` says it is declared in.
  static func mayConstruct(_ constructed: Substring, in file: String, definitions: [String: String]) -> Bool {
    let parts = file.split(separator: "/")
    let name = parts.last.map { String($0.replacing(".swift", with: "")) } ?? ""
    let owner = name.split(separator: "+").first.map(String.init) ?? name
    let folder = parts.dropLast().joined(separator: "/")
    if owner == "AdStack" && file.hasPrefix("Sources/Intermission/") { return true }
    return owner == constructed && definitions[String(constructed)] == folder
  }

  /// The folder each type or type alias of `Sources/` is declared in, by its name.
  static func definitionFolders(_ files: [String]) throws -> [String: String] {
    let declaration =
      /(?m)^\s*(?:(?:public|package|private|fileprivate|internal|final|open)\s+)*(?:class|struct|enum|actor|typealias)\s+(\w+)/
    var folders: [String: String] = [:]
    for file in files {
      let text = try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: declaration) {
        folders[String(match.output.1)] = file.split(separator: "/").dropLast().joined(separator: "/")
      }
    }
    return folders
  }

  @Test func onlyAdStackConstructsAClientAQueueOrALedger() throws {
    // A call or `.init(` of the client, the queue, its store, the outbox or a ledger, generic or
    // not, wherever it stands on a line (a declaration's default argument included).
    let construction = /\b(HTTPClient|BeaconQueue|BeaconStore|DurableOutbox|\w*Ledger)(<[^>]*>)?(\(|\.init\()/
    var constructors: [String] = []
    var outsideTheRoot: [String] = []
    let files = try Self.sourceFiles()
    #expect(files.count > 200, "the sources were read: \(files.count) files")
    let definitions = try Self.definitionFolders(files)
    #expect(definitions["HTTPClient"] == "Sources/IntermissionNet", "\(definitions["HTTPClient"] ?? "")")
    for file in files {
      let text = try String(contentsOf: Self.repository.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { continue }
        for match in code.matches(of: construction) {
          constructors.append(file)
          if !Self.mayConstruct(match.output.1, in: file, definitions: definitions) {
            outsideTheRoot.append("\(file): \(code)")
          }
        }
      }
    }
    #expect(outsideTheRoot.isEmpty, "\(outsideTheRoot)")
    // The root does construct them: the pattern finds what it looks for.
    #expect(Set(constructors).isSuperset(of: ["Sources/Intermission/AdStack.swift"]), "\(constructors)")
  }

  @Test func theCheckFindsAConstructionOutsideTheRoot() {
    // What the test above would refuse: a client made in the consent's prefetch, a ledger in the
    // store, a queue in the host, a client in a file named after it but in another module.
    let net = "Sources/IntermissionNet"
    let definitions = ["HTTPClient": net, "BeaconStore": net, "BeaconQueue": net, "RevenueLedger": net]
    #expect(
      !Self.mayConstruct("HTTPClient", in: "Sources/IntermissionNet/ConsentPrefetch.swift", definitions: definitions))
    #expect(
      !Self.mayConstruct("RevenueLedger", in: "Sources/IntermissionNet/BeaconStore.swift", definitions: definitions))
    #expect(!Self.mayConstruct("BeaconQueue", in: "Sources/IntermissionHost/Host.swift", definitions: definitions))
    #expect(
      !Self.mayConstruct("HTTPClient", in: "Sources/IntermissionHost/HTTPClient+Host.swift", definitions: definitions))
    #expect(Self.mayConstruct("HTTPClient", in: "Sources/Intermission/AdStack+Consent.swift", definitions: definitions))
    #expect(Self.mayConstruct("BeaconStore", in: "Sources/IntermissionNet/BeaconStore.swift", definitions: definitions))
  }
}
