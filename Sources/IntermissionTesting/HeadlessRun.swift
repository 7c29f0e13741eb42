import IntermissionAds
import IntermissionBasics
import IntermissionCore

/// What a headless run recorded: its trace, line by line, and the records parsed.
public struct HeadlessRun: Sendable {
  /// One trace record.
  public struct Record: Hashable, Sendable, CustomStringConvertible {
    /// The frame it was recorded in.
    public let frame: Int
    /// The host time of that frame, in seconds.
    public let time: Double
    /// The event's name, such as `game.paused`.
    public let event: String
    /// The event's other fields, as text (strings as they are, numbers and booleans as written).
    public let fields: [String: String]

    /// The frame, the event and its reason when it has one: `90 game.paused ad`.
    public var description: String {
      "\(frame) \(event)" + (fields["reason"].map { " " + $0 } ?? "")
    }
  }

  /// The trace's JSON lines.
  public let lines: [String]
  /// The records, in order.
  public let records: [Record]

  init(lines: [String]) {
    self.lines = lines
    records = lines.compactMap(HeadlessRun.parse)
  }

  /// Whether an `event` was recorded, with `reason` if one is given.
  public func contains(_ event: String, reason: String? = nil) -> Bool {
    records.contains { $0.event == event && (reason == nil || $0.fields["reason"] == reason) }
  }

  /// The records of `event`, in order.
  public func records(_ event: String) -> [Record] { records.filter { $0.event == event } }

  /// Whether `event` (one of the trace's names, such as `.gamePaused`) was recorded, with `reason`
  /// if one is given.
  public func contains(_ event: TraceEvent, reason: String? = nil) -> Bool { contains(event.name, reason: reason) }

  /// The records of `event` (one of the trace's names, such as `.gamePaused`), in order.
  public func records(_ event: TraceEvent) -> [Record] { records(event.name) }

  private static func parse(_ line: String) -> Record? {
    guard case .object(let members)? = try? StrictJSON.parse(Array(line.utf8)) else { return nil }
    var fields: [String: String] = [:]
    var frame = 0
    var time = 0.0
    var event = ""
    for (key, value) in members {
      switch (key, value) {
      case ("frame", .number(let number)): frame = Int(number)
      case ("time", .number(let number)): time = number
      case ("event", .string(let name)): event = name
      case (_, .string(let text)): fields[key] = text
      case (_, .number(let number)): fields[key] = number == number.rounded() ? String(Int(number)) : String(number)
      case (_, .bool(let flag)): fields[key] = String(flag)
      default: break
      }
    }
    return Record(frame: frame, time: time, event: event, fields: fields)
  }
}
