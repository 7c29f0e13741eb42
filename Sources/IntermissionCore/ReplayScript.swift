/// Input to replay, parsed from a script of one event per line: `<seconds> <verb> <args>`.
///
/// Verbs: `click X Y`, `move X Y`, `drag X1 Y1 X2 Y2`, `key NAME` (SDL key names), `wheel DY`,
/// `minimize`, `restore`, `resize W H`, `quit`. `#` starts a comment; blank lines are skipped.
/// Times are host seconds and never decrease from one event to the next.
public struct ReplayScript: Hashable, Sendable {
  /// One scripted event.
  public struct Event: Hashable, Sendable {
    /// The host time at which the event is delivered.
    public var time: Double
    /// What happens.
    public var action: Action
    /// The line of the script it came from.
    public var line: Int
  }

  /// What a scripted event does.
  public enum Action: Hashable, Sendable {
    case click(Point)
    case move(Point)
    case drag(from: Point, to: Point)
    case key(Key)
    case wheel(dy: Double)
    case minimize
    case restore
    case resize(width: Int, height: Int)
    case quit
  }

  /// A line the parser rejected: which file, which line, and why.
  public struct ParseError: Error, Hashable, CustomStringConvertible {
    /// The script's file name as given.
    public let file: String
    /// The 1-based line number.
    public let line: Int
    /// What is wrong with the line.
    public let reason: String
    public var description: String { "\(file):\(line): \(reason)" }
  }

  /// The events in delivery order.
  public var events: [Event]

  /// Creates a script from events.
  public init(events: [Event]) {
    self.events = events
  }

  /// Parses script text.
  /// - Parameters:
  ///   - text: the script.
  ///   - file: the name errors report.
  /// - Throws: `ParseError` for the first bad line.
  public static func parse(_ text: String, file: String) throws -> ReplayScript {
    var events: [Event] = []
    var lineNumber = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
      guard !words.isEmpty else { continue }
      func fail(_ reason: String) -> ParseError { ParseError(file: file, line: lineNumber, reason: reason) }

      guard let time = Double(words[0]), time.isFinite, time >= 0 else {
        throw fail("'\(words[0])' is not a time in seconds (expected a number >= 0 first)")
      }
      if let previous = events.last, time < previous.time {
        throw fail(
          "time \(words[0]) is earlier than the previous event's (line \(previous.line)); times must not decrease")
      }
      guard words.count >= 2 else { throw fail("missing verb after the time") }
      let verb = words[1]
      let arguments = Array(words.dropFirst(2))
      let action = try parseAction(verb: verb, arguments: arguments, fail: fail)
      events.append(Event(time: time, action: action, line: lineNumber))
    }
    return ReplayScript(events: events)
  }

  private static let verbs = "click, move, drag, key, wheel, minimize, restore, resize, quit"

  private static func parseAction(
    verb: String, arguments: [String], fail: (String) -> ParseError
  ) throws -> Action {
    func expect(_ count: Int, _ usage: String) throws {
      guard arguments.count == count else {
        throw fail("'\(verb)' takes \(count) argument\(count == 1 ? "" : "s") (\(usage)), got \(arguments.count)")
      }
    }
    func number(_ text: String, _ what: String) throws -> Double {
      guard let value = Double(text), value.isFinite else { throw fail("\(what) '\(text)' is not a number") }
      return value
    }
    func point(_ x: String, _ y: String) throws -> Point {
      Point(x: try number(x, "x"), y: try number(y, "y"))
    }
    switch verb {
    case "click":
      try expect(2, "click X Y")
      return .click(try point(arguments[0], arguments[1]))
    case "move":
      try expect(2, "move X Y")
      return .move(try point(arguments[0], arguments[1]))
    case "drag":
      try expect(4, "drag X1 Y1 X2 Y2")
      return .drag(from: try point(arguments[0], arguments[1]), to: try point(arguments[2], arguments[3]))
    case "key":
      try expect(1, "key NAME")
      guard let key = Key(name: arguments[0]) else {
        throw fail(
          "unknown key name '\(arguments[0])' (use a letter, a digit or one of \(Key.knownNames.joined(separator: ", ")))"
        )
      }
      return .key(key)
    case "wheel":
      try expect(1, "wheel DY")
      return .wheel(dy: try number(arguments[0], "DY"))
    case "minimize":
      try expect(0, "minimize")
      return .minimize
    case "restore":
      try expect(0, "restore")
      return .restore
    case "resize":
      try expect(2, "resize W H")
      guard let width = Int(arguments[0]), let height = Int(arguments[1]), width > 0, height > 0,
        width <= 16384, height <= 16384
      else {
        throw fail("resize needs two whole numbers from 1 to 16384, got '\(arguments[0]) \(arguments[1])'")
      }
      return .resize(width: width, height: height)
    case "quit":
      try expect(0, "quit")
      return .quit
    default:
      throw fail("unknown verb '\(verb)' (expected one of: \(verbs))")
    }
  }
}
