import IntermissionBasics
import Testing

@Suite("Strict JSON")
struct StrictJSONTests {
  func parse(_ text: String) throws -> StrictJSON.Value { try StrictJSON.parse(Array(text.utf8)) }

  @Test func parsesEveryKindOfValue() throws {
    let value = try parse(
      #" {"a": [1, -2.5e3, true, false, null], "b": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "c": {}} "#)
    #expect(value["a"] == .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
    #expect(value["b"] == .string("x\"\\/\u{08}\u{0C}\n\r\té😀"))
    #expect(value["c"] == .object([]))
    #expect(try parse("\"é\"") == .string("é"), "UTF-8 passes through")
  }

  @Test(arguments: [
    "", "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[.5]", "[1e]", "[+1]", "[NaN]", "[Infinity]", "[1e999]",
    "{a:1}", "{'a':1}", "[\"\\x\"]", "[\"\\u12\"]", "[\"\\udc00\"]", "[\"\\ud800x\"]", "[tru]", "[nul]",
    "[1] [2]", "{\"a\" 1}", "[1 2]", "/* c */ 1", "[\"\u{01}\"]", "[\"\n\"]", "{\"a\":1,\"a\":2}", "\"unterminated",
  ])
  func refusesWhatTheRFCDoesNotAllow(text: String) {
    #expect(throws: StrictJSON.SyntaxError.self) { try parse(text) }
  }

  @Test func refusesInvalidUTF8() {
    #expect(throws: StrictJSON.SyntaxError.self) { try StrictJSON.parse([0x22, 0xC3, 0x28, 0x22]) }
  }

  @Test func reportsLineAndColumn() {
    #expect(throws: StrictJSON.SyntaxError(line: 3, column: 3, reason: "trailing comma in an array")) {
      try parse("{\"a\":\n [1,\n  ]}")
    }
  }

  @Test func deepNestingIsAnErrorNotAStackOverflow() throws {
    _ = try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64))
    #expect(throws: StrictJSON.SyntaxError.self) {
      try parse(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
    }
  }
}
