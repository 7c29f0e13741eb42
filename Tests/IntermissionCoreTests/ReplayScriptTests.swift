import IntermissionBasics
import IntermissionCore
import Testing

@Suite("Replay script")
struct ReplayScriptTests {
  @Test func parsesEveryVerbWithCommentsAndBlankLines() throws {
    let text = """
      # a comment line

      0.5 click 10 20   # trailing comment
      1 move 3.5 4
      1 drag 0 0 10 100
      1.25 key Escape
      1.5 key p
      2 wheel -3
      3 minimize
      3.5 restore
      4 resize 800 600
      5 quit
      """
    let script = try ReplayScript.parse(text, file: "s.txt")
    #expect(
      script.events.map(\.action) == [
        .click(Point(x: 10, y: 20)), .move(Point(x: 3.5, y: 4)),
        .drag(from: Point(x: 0, y: 0), to: Point(x: 10, y: 100)), .key(.escape), .key(.character("p")),
        .wheel(dy: -3), .minimize, .restore, .resize(width: 800, height: 600), .quit,
      ])
    #expect(script.events.map(\.time) == [0.5, 1, 1, 1.25, 1.5, 2, 3, 3.5, 4, 5])
    #expect(script.events.first?.line == 3)
  }

  @Test(
    arguments: [
      ("0 click 1", 1, "'click' takes 2 arguments"),
      ("x click 1 2", 1, "'x' is not a time"),
      ("-1 quit", 1, "'-1' is not a time"),
      ("1 jump", 1, "unknown verb 'jump'"),
      ("1 key Banana", 1, "unknown key name 'Banana'"),
      ("1", 1, "missing verb"),
      ("1 wheel up", 1, "DY 'up' is not a number"),
      ("1 resize 0 10", 1, "resize needs a width from 200 to 8192 and a height from 150 to 8192"),
      ("# ok\n2 quit\n1 quit", 3, "earlier than the previous event's (line 2)"),
      ("1 quit now", 1, "'quit' takes 0 arguments"),
      ("1 click 1 nan", 1, "y 'nan' is not a number"),
      ("1 click 1e10 0", 1, "x 1e10 is outside the largest window (0 to 8192)"),
      ("1 click 8193 0", 1, "x 8193 is outside the largest window"),
      ("1 move -3e9 -3e9", 1, "x -3e9 is outside the largest window"),
      ("1 drag 0 0 1e10 0", 1, "x 1e10 is outside the largest window"),
      ("1 click 1e308 1", 1, "x 1e308 is outside the largest window"),
      ("1 wheel 2147483648", 1, "wheel turn 2147483648 is beyond ±1000 notches"),
      ("1 wheel -1001", 1, "wheel turn -1001 is beyond ±1000 notches"),
      ("1 resize 16384 16384", 1, "resize needs a width from 200 to 8192"),
      ("1 resize 199 150", 1, "resize needs a width from 200 to 8192"),
      ("1 jump\r\n", 1, "unknown verb 'jump'"),
      ("1 quit\r\n2 jump\r\n", 2, "unknown verb 'jump'"),
    ])
  func rejectsBadLinesNamingFileLineAndReason(text: String, line: Int, reason: String) {
    do {
      _ = try ReplayScript.parse(text, file: "bad.txt")
      Issue.record("accepted \(text)")
    } catch let error as ReplayScript.ParseError {
      #expect(error.file == "bad.txt")
      #expect(error.line == line)
      #expect(error.reason.contains(reason), "\(error.reason)")
      #expect(error.description.hasPrefix("bad.txt:\(line): "))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}

extension ReplayScriptTests {
  @Test func crlfAndLFScriptsParseTheSame() throws {
    let lines = ["# comment", "0.5 click 10 20", "", "1 key Escape  # trailing", "2 resize 800 600"]
    let lf = try ReplayScript.parse(lines.joined(separator: "\n"), file: "lf")
    let crlf = try ReplayScript.parse(lines.joined(separator: "\r\n") + "\r\n", file: "crlf")
    #expect(lf == crlf)
    #expect(crlf.events.map(\.line) == [2, 4, 5])
  }

  @Test func verbsAndKeyNamesAreCaseInsensitiveAndEnterIsReturn() throws {
    let script = try ReplayScript.parse("1 CLICK 1 2\n2 Key escape\n3 key ENTER\n4 Minimize\n5 QUIT", file: "s")
    #expect(
      script.events.map(\.action) == [.click(Point(x: 1, y: 2)), .key(.escape), .key(.returnKey), .minimize, .quit])
  }

  @Test func messagesNeverCarryControlCharacters() {
    for text in ["1 jump\u{1B}[2J", "1 key \u{07}", "\u{08}1 quit", "1 click 1\u{0B} 2", "1 wheel 1\u{9F}"] {
      #expect {
        try ReplayScript.parse(text, file: "s\n.txt")
      } throws: { error in
        let message = "\(error)"
        return !message.unicodeScalars.contains { PrintableText.isControl($0) } && message.hasPrefix("s\\u{A}.txt:1: ")
      }
    }
  }
}

@Suite("Keys")
struct KeyTests {
  @Test func sdlNamesRoundTrip() {
    for name in Key.knownNames { #expect(Key(name: name)?.name == name) }
    #expect(Key(name: "P") == .character("p"))
    #expect(Key(name: "return") == .returnKey)
    #expect(Key(name: "Enter") == .returnKey && Key(name: "ENTER") == .returnKey)
    #expect(Key(name: "7")?.name == "7")
    #expect(Key(name: "F13") == nil)
    #expect(Key(name: "") == nil)
  }

  @Test func controllerButtonsParseByNameAndUnknownOnesAreRefused() throws {
    let script = try ReplayScript.parse("1 button B\n2 button back\n", file: "s")
    #expect(script.events.map(\.action) == [.button(.b), .button(.back)])
    #expect(ControllerButton.b.key == .escape && ControllerButton.a.key == .returnKey)
    #expect(throws: ReplayScript.ParseError.self) { try ReplayScript.parse("1 button z\n", file: "s") }
  }
}
