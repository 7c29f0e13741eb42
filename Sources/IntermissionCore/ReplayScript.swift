import IntermissionBasics

/// Input to replay, parsed from a script of one event per line: `<seconds> <verb> <args>`.
///
/// Verbs: `click X Y`, `move X Y`, `drag X1 Y1 X2 Y2`, `key NAME` (SDL key names), `button NAME`
/// (a game controller's a, b, back, start, up, down, left, right, leftshoulder, rightshoulder),
/// `wheel DY`, `minimize`, `restore`, `resize W H`, `quit`; verbs and key names are case-insensitive. `#`
/// starts a comment; blank lines are skipped; LF and CRLF line endings are the same. Times are host
/// seconds and never decrease from one event to the next. Coordinates lie within the largest window
/// (0 to 8192), wheel turns within ±1000 notches, and `resize` takes the sizes `--size` takes.
package struct ReplayScript: Hashable, Sendable {
  /// One scripted event.
  package struct Event: Hashable, Sendable {
    /// The host time at which the event is delivered.
    package var time: Double
    /// What happens.
    package var action: Action
    /// The line of the script it came from.
    package var line: Int
  }

  /// What a scripted event does.
  package enum Action: Hashable, Sendable {
    case click(Point)
    case move(Point)
    case drag(from: Point, to: Point)
    case key(Key)
    /// A game controller's button, pressed and released.
    case button(ControllerButton)
    case wheel(dy: Double)
    case minimize
    case restore
    case resize(width: Int, height: Int)
    case quit

    /// The action as a script line writes it, without its time: `click 480 595`, `key Escape`.
    package var scriptText: String {
      func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
      switch self {
      case .click(let point): return "click \(number(point.x)) \(number(point.y))"
      case .move(let point): return "move \(number(point.x)) \(number(point.y))"
      case .drag(let from, let to):
        return "drag \(number(from.x)) \(number(from.y)) \(number(to.x)) \(number(to.y))"
      case .key(let key): return "key \(key.name)"
      case .button(let button): return "button \(button.rawValue)"
      case .wheel(let dy): return "wheel \(number(dy))"
      case .minimize: return "minimize"
      case .restore: return "restore"
      case .resize(let width, let height): return "resize \(width) \(height)"
      case .quit: return "quit"
      }
    }
  }

  /// A line the parser rejected: which file, which line, and why.
  package struct ParseError: Error, Hashable, CustomStringConvertible {
    /// The script's file name as given.
    package let file: String
    /// The 1-based line number.
    package let line: Int
    /// What is wrong with the line.
    package let reason: String
    package var description: String { "\(PrintableText.escaping(file, limit: 200)):\(line): \(reason)" }
  }

  /// The events in delivery order.
  package var events: [Event]

  /// Creates a script from events.
  package init(events: [Event]) {
    self.events = events
  }

  /// Parses script text.
  /// - Parameters:
  ///   - text: the script.
  ///   - file: the name errors report.
  /// - Throws: `ParseError` for the first bad line.
  package static func parse(_ text: String, file: String) throws -> ReplayScript {
    var events: [Event] = []
    var lineNumber = 0
    // Splitting on Characters that are newlines treats "\r\n" (one Character) like "\n".
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let words = content.split(whereSeparator: \.isWhitespace).map(String.init)
      guard !words.isEmpty else { continue }
      func fail(_ reason: String) -> ParseError { ParseError(file: file, line: lineNumber, reason: reason) }

      guard let time = Double(words[0]), time.isFinite, time >= 0 else {
        throw fail("'\(quoted(words[0]))' is not a time in seconds (expected a number >= 0 first)")
      }
      if let previous = events.last, time < previous.time {
        throw fail(
          "time \(quoted(words[0])) is earlier than the previous event's (line \(previous.line)); times must not decrease"
        )
      }
      guard words.count >= 2 else { throw fail("missing verb after the time") }
      let verb = words[1].lowercased()
      let arguments = Array(words.dropFirst(2))
      let action = try parseAction(verb: verb, arguments: arguments, fail: fail)
      events.append(Event(time: time, action: action, line: lineNumber))
    }
    return ReplayScript(events: events)
  }

  private static let verbs = "click, move, drag, key, button, wheel, minimize, restore, resize, quit"

  /// Untrusted text as it may appear in a message: control characters escaped, long text cut.
  private static func quoted(_ text: String) -> String { PrintableText.escaping(text, limit: 40) }

  private static func parseAction(
    verb: String, arguments: [String], fail: (String) -> ParseError
  ) throws -> Action {
    func expect(_ count: Int, _ usage: String) throws {
      guard arguments.count == count else {
        throw fail(
          "'\(quoted(verb))' takes \(count) argument\(count == 1 ? "" : "s") (\(usage)), got \(arguments.count)")
      }
    }
    func number(_ text: String, _ what: String) throws -> Double {
      guard let value = Double(text), value.isFinite else { throw fail("\(what) '\(quoted(text))' is not a number") }
      return value
    }
    func coordinate(_ text: String, _ what: String) throws -> Double {
      let value = try number(text, what)
      guard (0...WindowBounds.largestCoordinate).contains(value) else {
        throw fail(
          "\(what) \(quoted(text)) is outside the largest window (0 to \(Int(WindowBounds.largestCoordinate)))")
      }
      return value
    }
    func point(_ x: String, _ y: String) throws -> Point {
      Point(x: try coordinate(x, "x"), y: try coordinate(y, "y"))
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
          "unknown key name '\(quoted(arguments[0]))' (use a letter, a digit or one of \(Key.knownNames.joined(separator: ", ")); Enter is Return)"
        )
      }
      return .key(key)
    case "button":
      try expect(1, "button NAME")
      guard let button = ControllerButton(rawValue: arguments[0].lowercased()) else {
        throw fail(
          "unknown controller button '\(quoted(arguments[0]))' (use one of \(ControllerButton.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      return .button(button)
    case "wheel":
      try expect(1, "wheel DY")
      let dy = try number(arguments[0], "DY")
      let limit = WindowBounds.largestWheelTurn
      guard abs(dy) <= limit else {
        throw fail("wheel turn \(quoted(arguments[0])) is beyond ±\(Int(limit)) notches")
      }
      return .wheel(dy: dy)
    case "minimize":
      try expect(0, "minimize")
      return .minimize
    case "restore":
      try expect(0, "restore")
      return .restore
    case "resize":
      try expect(2, "resize W H")
      guard let width = Int(arguments[0]), let height = Int(arguments[1]),
        WindowBounds.contains(width: width, height: height)
      else {
        throw fail(
          "resize needs a width from \(WindowBounds.width.lowerBound) to \(WindowBounds.width.upperBound) and a height "
            + "from \(WindowBounds.height.lowerBound) to \(WindowBounds.height.upperBound), got "
            + "'\(quoted(arguments[0])) \(quoted(arguments[1]))'")
      }
      return .resize(width: width, height: height)
    case "quit":
      try expect(0, "quit")
      return .quit
    default:
      throw fail("unknown verb '\(quoted(verb))' (expected one of: \(verbs))")
    }
  }
}
