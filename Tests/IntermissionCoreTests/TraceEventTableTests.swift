import Foundation
import IntermissionCore
import Testing

/// The one table of trace event names (`TraceEvent`): unique names, every call site of ours goes
/// through it, and the C header's list of `on_event`'s names is the same list.
@Suite("Trace event names")
struct TraceEventTableTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func everyNameIsWrittenOnceInTheTable() {
    let names = TraceEvent.all.map(\.name)
    #expect(Set(names).count == names.count, "a name twice: \(names)")
    #expect(names.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0 == ".") } }, "\(names)")
    #expect(names.contains("game.paused") && !names.contains { $0.hasPrefix("director.") }, "one name for a pause")
  }

  @Test func theCHeaderListsEveryEventOfTheTableAndNoOther() throws {
    let header = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/CIntermission/include/intermission.h"), encoding: .utf8)
    let start = try #require(header.range(of: "/* Called for every lifecycle event"))
    let end = try #require(header.range(of: "typedef void (*intermission_event_fn)"))
    let comment = header[start.upperBound..<end.lowerBound]
    // Every quoted lower-case name in the comment is an event, but for the JSON fields it names.
    let quoted = comment.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      .filter { $0.first?.isLowercase == true && !["frame", "time", "event", "eventID"].contains($0) }
    #expect(
      Set(quoted) == Set(TraceEvent.all.map(\.name)),
      "header only: \(Set(quoted).subtracting(TraceEvent.all.map(\.name))), table only: \(Set(TraceEvent.all.map(\.name)).subtracting(quoted))"
    )
  }

  @Test func noSourceFileNamesAnEventByAStringOfItsOwn() throws {
    let sources = Self.root.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    // A string where an event goes, on the call's line or the next: emit("...") or TraceEvent("...").
    let literal = try NSRegularExpression(pattern: #"(emit|TraceEvent)\(\s*""#)
    var offenders: [String] = []
    for case let file as URL in files
    where file.pathExtension == "swift" && file.lastPathComponent != "TraceEvent.swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      let found = literal.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
      if found > 0 { offenders.append("\(file.lastPathComponent): \(found)") }
    }
    #expect(offenders.isEmpty, "event names written outside TraceEvent.swift: \(offenders)")
    let multiLine = "trace.emit(\n  \"x.y\","
    #expect(literal.numberOfMatches(in: multiLine, range: NSRange(multiLine.startIndex..., in: multiLine)) == 1)
  }
}
