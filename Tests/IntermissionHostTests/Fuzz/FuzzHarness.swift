import Foundation
import IntermissionBasics
import IntermissionCore
import IntermissionHost
import IntermissionTestSupport
import MenuGame
import Testing

/// Runs the program in process on generated input and checks what must hold for every input:
/// an exit code of 0, 1 or 2, a trace of valid JSON lines ending in `host.stopped` whenever the
/// program got as far as running, and no crash or hang (which would end or stall the test run).
final class FuzzHarness {
  let folder: URL
  private(set) var exitCodes: [Int32: Int] = [:]

  private let workingDirectoryBefore: Set<String>

  init(_ name: String) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("intermission-fuzz-\(name)-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    workingDirectoryBefore = FuzzHarness.workingDirectoryEntries()
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// The names in the working directory: no case may write there.
  static func workingDirectoryEntries() -> Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)) ?? [])
  }

  /// Checks that the cases wrote nothing outside their folder's working directory.
  func expectNothingWrittenOutside(sourceLocation: SourceLocation = #_sourceLocation) {
    let added = FuzzHarness.workingDirectoryEntries().subtracting(workingDirectoryBefore)
    #expect(added.isEmpty, "cases wrote into the working directory: \(added.sorted())", sourceLocation: sourceLocation)
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The arguments every case runs with: headless, deterministic, a small window.
  /// Manifests and scripts are what is fuzzed: without sound, whose device each run would open.
  static let base = ["--headless", "--fixed-step", "--size", "200x150", "--no-audio"]

  /// Runs one case and checks the invariants; returns the exit code and the trace's lines.
  @discardableResult
  func run(_ arguments: [String], case label: String, sourceLocation: SourceLocation = #_sourceLocation) -> (
    code: Int32, trace: [String]
  ) {
    let tracePath = path("trace.jsonl")
    unlink(tracePath)
    var messages: [String] = []
    // The silent driver: no sound card is tried (and failed) in every one of hundreds of runs.
    setenv("SDL_AUDIODRIVER", "dummy", 0)
    let code = Launcher.main(
      arguments: arguments, environment: [:], diagnostics: { messages.append($0) },
      firstScene: { MenuScene(settings: GameSettings()) })
    exitCodes[code, default: 0] += 1
    #expect([0, 1, 2].contains(code), "\(label): exit \(code)", sourceLocation: sourceLocation)
    for message in messages {
      #expect(
        !message.unicodeScalars.contains(where: PrintableText.isControl), "\(label): control character in \(message)",
        sourceLocation: sourceLocation)
    }
    guard let text = try? String(contentsOfFile: tracePath, encoding: .utf8) else { return (code, []) }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    #expect(text.isEmpty || text.hasSuffix("\n"), "\(label): the trace ends in a whole line")
    for line in lines {
      let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
      #expect(object?["event"] is String, "\(label): not a JSON trace line: \(line)", sourceLocation: sourceLocation)
    }
    if code == 0 && !lines.isEmpty {
      #expect(
        lines.last?.contains(#""event":"host.stopped""#) == true, "\(label): last line \(lines.last ?? "")",
        sourceLocation: sourceLocation)
    }
    return (code, lines)
  }
}

extension RandomNumberGenerator {
  /// One of `choices`.
  mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &self)] }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}
