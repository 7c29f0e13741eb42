import IntermissionBasics
import IntermissionCore

/// An Intermission trace read back: one record per JSON line, whoever wrote it (the program, a
/// game's own loop, the C API), with the lines that were not records kept aside by number.
package struct TraceLog: Sendable {
  /// One trace record.
  package struct Record: Hashable, Sendable {
    /// The 1-based line it was read from.
    package let line: Int
    /// The frame it was recorded in.
    package let frame: Int
    /// The host time of that frame, in seconds.
    package let time: Double
    /// The event's name, such as `pause.held`.
    package let event: String
    /// The event as the table of names (`TraceEvent`) has it, for comparing with its entries.
    var traceEvent: TraceEvent { TraceEvent(event) }
    /// The event's other fields, in order, as text: strings as they are, numbers and booleans as
    /// JSON writes them.
    package let fields: [(key: String, value: String)]

    /// The field `key`, if the record has it.
    package subscript(key: String) -> String? { fields.first { $0.key == key }?.value }

    package static func == (a: Record, b: Record) -> Bool {
      a.line == b.line && a.frame == b.frame && a.time == b.time && a.event == b.event
        && a.fields.map(\.key) == b.fields.map(\.key) && a.fields.map(\.value) == b.fields.map(\.value)
    }

    package func hash(into hasher: inout Hasher) {
      hasher.combine(line)
      hasher.combine(event)
    }
  }

  /// A line that is not a record: its number and what is wrong with it.
  package struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    package let line: Int
    /// What is wrong.
    package let reason: String
    package var description: String { "line \(line): \(reason)" }
  }

  /// The records, in the order of the file.
  package let records: [Record]
  /// The lines that were not records (blank lines are skipped silently).
  package let problems: [Problem]

  /// Reads `bytes`, JSON Lines (LF or CRLF).
  package init(bytes: [UInt8]) {
    var records: [Record] = []
    var problems: [Problem] = []
    var number = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      number += 1
      var text = Array(line)
      if text.last == 0x0D { text.removeLast() }
      guard text.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
      switch TraceLog.record(text, line: number) {
      case .success(let record): records.append(record)
      case .failure(let problem): problems.append(problem)
      }
    }
    self.records = records
    self.problems = problems
  }

  /// Reads `text`.
  package init(text: String) { self.init(bytes: Array(text.utf8)) }

  private static func record(_ bytes: [UInt8], line: Int) -> Result<Record, Problem> {
    let value: StrictJSON.Value
    do {
      value = try StrictJSON.parse(bytes)
    } catch {
      return .failure(Problem(line: line, reason: "not JSON (\(error.reason) at column \(error.column))"))
    }
    guard case .object(let members) = value else { return .failure(Problem(line: line, reason: "not a JSON object")) }
    var frame: Int?
    var time: Double?
    var event: String?
    var fields: [(key: String, value: String)] = []
    for (key, member) in members {
      switch (key, member) {
      case ("frame", .number(let number)) where number >= 0 && number == number.rounded() && number < 1e15:
        frame = Int(number)
      case ("time", .number(let number)) where number.isFinite && number >= 0: time = number
      case ("event", .string(let name)) where !name.isEmpty: event = name
      case ("frame", _), ("time", _), ("event", _):
        return .failure(Problem(line: line, reason: "\"\(key)\" has the wrong type or value"))
      case (_, .string(let text)): fields.append((key, text))
      case (_, .number(let number)):
        fields.append((key, number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)))
      case (_, .bool(let flag)): fields.append((key, String(flag)))
      default: fields.append((key, "…"))
      }
    }
    guard let frame, let time, let event else {
      return .failure(Problem(line: line, reason: "a record needs \"frame\", \"time\" and \"event\""))
    }
    return .success(Record(line: line, frame: frame, time: time, event: event, fields: fields))
  }
}
