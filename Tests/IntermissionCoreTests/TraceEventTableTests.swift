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

  @Test func noSourceFileComparesWithAnEventsNameInAStringOfItsOwn() throws {
    let sources = Self.root.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    var offenders: [String] = []
    for case let file as URL in files
    where file.pathExtension == "swift" && file.lastPathComponent != "TraceEvent.swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        for name in Self.eventNames(in: line) { offenders.append("\(file.lastPathComponent):\(index + 1): \(name)") }
      }
    }
    #expect(
      offenders.isEmpty, "compare with TraceEvent's entries (TraceEvent.adRevenue.name), not strings: \(offenders)")
    // What it finds: quoted names of the table, in any string; never a file's name, a comment or a
    // name the table lacks.
    #expect(Self.eventNames(in: #"    file?.write(line: event == "ad.revenue" ? a : b)"#) == ["ad.revenue"])
    #expect(Self.eventNames(in: #"    case "banner.clicked", "fullscreen.clicked": clicks += 1"#).count == 2)
    #expect(Self.eventNames(in: ##"    traced.components(separatedBy: #""event":"video.completed""#)"##).count == 1)
    #expect(Self.eventNames(in: #"    "grep -c '\"video.completed\"' trace.jsonl""#) == ["video.completed"])
    #expect(Self.eventNames(in: #"  let path = "consent.json", other = "game.json""#).isEmpty)
    #expect(Self.eventNames(in: #"  /// run.records("game.paused") in an example"#).isEmpty)
    #expect(Self.eventNames(in: #"    case "director.paused": .gamePaused"#).isEmpty)
  }

  /// The table's dotted names (`ad.revenue`) that `line` has between quotes, unless it is a comment.
  static func eventNames(in line: Substring) -> [String] {
    guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { return [] }
    // A quoted lower-case dotted identifier, such as "ad.revenue" or "consent.json", or one
    // between escaped quotes inside a string (\"ad.revenue\").
    let quoted = line.matches(of: #/"([a-z][A-Za-z]*\.[a-z][A-Za-z]*)\\?"/#).map { String($0.output.1) }
    return quoted.filter(table.contains)
  }

  static let table = Set(TraceEvent.all.map(\.name))
}
