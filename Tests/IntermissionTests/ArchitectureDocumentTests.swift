import Foundation
import IntermissionTestSupport
import Testing

/// ARCHITECTURE.md is the module map a maintainer reads first: it must name every target that
/// `Package.swift` declares, so that a target added without its line fails here.
@Suite("Architecture document")
struct ArchitectureDocumentTests {
  static let repository = ProgramRunner.root

  /// The names of the targets `Package.swift` declares, of every kind.
  static func declaredTargets() throws -> [String] {
    let manifest = try String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
    let declaration = /\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/
    return manifest.matches(of: declaration).map { String($0.output.1) }
  }

  @Test func itNamesEveryTargetOfThePackage() throws {
    let targets = try Self.declaredTargets()
    #expect(targets.count > 30, "the manifest's targets were read: \(targets)")
    let document = try String(
      contentsOf: Self.repository.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    let missing = targets.filter { !document.contains("`\($0)`") }
    #expect(missing.isEmpty, "ARCHITECTURE.md does not name \(missing)")
  }

  @Test func noLineIsLongerThan120Characters() throws {
    let document = try String(
      contentsOf: Self.repository.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    let long = document.split(separator: "\n").filter { $0.count > 120 }
    #expect(long.isEmpty, "\(long)")
  }
}
