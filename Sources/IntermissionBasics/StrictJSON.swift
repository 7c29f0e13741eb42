/// A strict JSON parser (RFC 8259) for untrusted documents such as ad manifests.
///
/// It accepts exactly the grammar of the RFC: no trailing commas, no comments, no single quotes, no
/// leading zeros, no bare control characters in strings, no lone surrogates, and no duplicate keys
/// in one object. Nesting is limited, so a hostile document cannot exhaust the stack.
package enum StrictJSON {
  /// A parsed JSON value.
  package enum Value: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// A string whose bytes are not UTF-8, where it is: only from `parse(_:keepingInvalidStrings:)`,
    /// for a document whose parts are judged apart (a bid response's bids).
    case invalidString(SyntaxError)
    case array([Value])
    /// An object's members, in document order.
    case object([(key: String, value: Value)])

    package static func == (lhs: Value, rhs: Value) -> Bool {
      switch (lhs, rhs) {
      case (.null, .null): true
      case (.bool(let a), .bool(let b)): a == b
      case (.number(let a), .number(let b)): a == b
      case (.string(let a), .string(let b)): a == b
      case (.invalidString(let a), .invalidString(let b)): a == b
      case (.array(let a), .array(let b)): a == b
      case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
      default: false
      }
    }

    package func hash(into hasher: inout Hasher) {
      switch self {
      case .null: hasher.combine(0)
      case .bool(let value): hasher.combine(value)
      case .number(let value): hasher.combine(value)
      case .string(let value): hasher.combine(value)
      case .invalidString(let error): hasher.combine(error)
      case .array(let values): hasher.combine(values)
      case .object(let members):
        for member in members {
          hasher.combine(member.key)
          hasher.combine(member.value)
        }
      }
    }

    /// The member named `key`, if this is an object that has it.
    package subscript(key: String) -> Value? {
      guard case .object(let members) = self else { return nil }
      return members.first(where: { $0.key == key })?.value
    }
  }

  /// Where and why a document is not strict JSON.
  package struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the offending byte.
    package let line: Int
    /// The 1-based column (in bytes) of the offending byte.
    package let column: Int
    /// What is wrong there.
    package let reason: String
    package var description: String { "line \(line), column \(column): \(reason)" }

    /// Creates an error at a line and column.
    package init(line: Int, column: Int, reason: String) {
      self.line = line
      self.column = column
      self.reason = reason
    }
  }

  /// The deepest nesting of arrays and objects accepted.
  package static let maximumDepth = 64

  /// Parses `bytes` (UTF-8) as one JSON value with nothing but white space around it.
  /// - Parameters:
  ///   - bytes: the document, as read from a file or an HTTP answer.
  ///   - keepingInvalidStrings: whether a string value (not a member name) whose bytes are not
  ///     UTF-8 is kept as `Value.invalidString`, for its reader to refuse, instead of refusing the
  ///     whole document.
  /// - Throws: `SyntaxError` at the first byte that breaks the grammar.
  package static func parse(_ bytes: [UInt8], keepingInvalidStrings: Bool = false) throws(SyntaxError) -> Value {
    var parser = Parser(bytes: bytes, keepsInvalidStrings: keepingInvalidStrings)
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw parser.error("unexpected text after the document") }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    let keepsInvalidStrings: Bool
    var index = 0

    init(bytes: [UInt8], keepsInvalidStrings: Bool) {
      self.bytes = bytes
      self.keepsInvalidStrings = keepsInvalidStrings
    }

    func error(_ reason: String) -> SyntaxError {
      var line = 1
      var lineStart = 0
      for position in 0..<min(index, bytes.count) where bytes[position] == 0x0A {
        line += 1
        lineStart = position + 1
      }
      return SyntaxError(line: line, column: index - lineStart + 1, reason: reason)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
      while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
      guard current == byte else { throw error("expected \(what)") }
      index += 1
    }

    mutating func value(depth: Int) throws(SyntaxError) -> Value {
      guard let byte = current else { throw error("unexpected end of the document") }
      switch byte {
      case UInt8(ascii: "{"): return try object(depth: depth + 1)
      case UInt8(ascii: "["): return try array(depth: depth + 1)
      case UInt8(ascii: "\""):
        let (text, invalid) = try string(keepingInvalid: keepsInvalidStrings)
        return invalid.map(Value.invalidString) ?? .string(text)
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
      default: throw error("unexpected character")
      }
    }

    mutating func literal(_ word: String, _ result: Value) throws(SyntaxError) -> Value {
      for expected in word.utf8 {
        guard current == expected else { throw error("unexpected character (expected '\(word)')") }
        index += 1
      }
      return result
    }

    mutating func object(depth: Int) throws(SyntaxError) -> Value {
      guard depth <= StrictJSON.maximumDepth else { throw error("nested more than \(StrictJSON.maximumDepth) deep") }
      index += 1
      var members: [(key: String, value: Value)] = []
      // Duplicates are looked for among the members themselves while there are few (most objects),
      // and in a set once there are many.
      var keys: Set<String>?
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else {
          throw error(members.isEmpty ? "expected a member name in double quotes" : "trailing comma in an object")
        }
        let key = try string(keepingInvalid: false).text
        let isDuplicate: Bool
        if keys == nil && members.count < 16 {
          isDuplicate = members.contains { $0.key == key }
        } else {
          if keys == nil { keys = Set(members.map(\.key)) }
          isDuplicate = keys?.insert(key).inserted == false
        }
        guard !isDuplicate else { throw error("duplicate key \"\(PrintableText.escaping(key))\"") }
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':' after a member name")
        skipWhitespace()
        members.append((key, try value(depth: depth)))
        skipWhitespace()
        if current == UInt8(ascii: ",") {
          index += 1
          continue
        }
        try expect(UInt8(ascii: "}"), "',' or '}' in an object")
        return .object(members)
      }
    }

    mutating func array(depth: Int) throws(SyntaxError) -> Value {
      guard depth <= StrictJSON.maximumDepth else { throw error("nested more than \(StrictJSON.maximumDepth) deep") }
      index += 1
      var elements: [Value] = []
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        skipWhitespace()
        if current == UInt8(ascii: "]") { throw error("trailing comma in an array") }
        elements.append(try value(depth: depth))
        skipWhitespace()
        if current == UInt8(ascii: ",") {
          index += 1
          continue
        }
        try expect(UInt8(ascii: "]"), "',' or ']' in an array")
        return .array(elements)
      }
    }

    mutating func number() throws(SyntaxError) -> Double {
      let start = index
      if current == UInt8(ascii: "-") { index += 1 }
      func digits(_ parser: inout Parser) -> Int {
        var count = 0
        while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
          parser.index += 1
          count += 1
        }
        return count
      }
      if current == UInt8(ascii: "0") {
        index += 1
        if let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
          throw error("leading zero in a number")
        }
      } else if digits(&self) == 0 {
        throw error("expected a digit")
      }
      let integerEnd = index
      if current != UInt8(ascii: "."), current != UInt8(ascii: "e"), current != UInt8(ascii: "E"),
        integerEnd - start <= 15
      {
        // An integer of at most 15 digits is exact in a Double: read without making text.
        let negative = bytes[start] == UInt8(ascii: "-")
        var magnitude = 0
        for position in (negative ? start + 1 : start)..<integerEnd {
          magnitude = magnitude * 10 + Int(bytes[position] - UInt8(ascii: "0"))
        }
        return negative ? -Double(magnitude) : Double(magnitude)
      }
      if current == UInt8(ascii: ".") {
        index += 1
        guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        index += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
        guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let value = Double(text), value.isFinite else { throw error("number out of range") }
      return value
    }

    /// A string; `keepingInvalid`, one whose bytes are not UTF-8 is read to its end and returned
    /// with where its first bad run begins, instead of throwing.
    mutating func string(keepingInvalid: Bool) throws(SyntaxError) -> (text: String, invalid: SyntaxError?) {
      index += 1
      let start = index
      var scalars = String.UnicodeScalarView()
      var runStart = index
      var invalid: SyntaxError?
      func flushRun(_ parser: Parser, into scalars: inout String.UnicodeScalarView) throws(SyntaxError) {
        guard runStart < parser.index else { return }
        guard let run = String(validating: parser.bytes[runStart..<parser.index], as: UTF8.self) else {
          var start = parser
          start.index = Parser.firstInvalidByte(in: parser.bytes[runStart..<parser.index])
          let error = start.error("invalid UTF-8 in a string")
          guard keepingInvalid else { throw error }
          if invalid == nil { invalid = error }
          return
        }
        scalars.append(contentsOf: run.unicodeScalars)
      }
      while true {
        guard let byte = current else { throw error("unterminated string") }
        if byte == UInt8(ascii: "\"") {
          if scalars.isEmpty, runStart == start, let text = String(validating: bytes[start..<index], as: UTF8.self) {
            // No escape: the string is its bytes, validated once.
            index += 1
            return (text, nil)
          }
          try flushRun(self, into: &scalars)
          index += 1
          return (String(scalars), invalid)
        }
        if byte < 0x20 { throw error("control character in a string (escape it)") }
        if byte != UInt8(ascii: "\\") {
          index += 1
          continue
        }
        try flushRun(self, into: &scalars)
        index += 1
        guard let escape = current else { throw error("unterminated string") }
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          let first = try hexQuad()
          var value = first
          if (0xD800...0xDBFF).contains(first) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
              throw error("lone surrogate in a \\u escape")
            }
            index += 2
            let second = try hexQuad()
            guard (0xDC00...0xDFFF).contains(second) else { throw error("lone surrogate in a \\u escape") }
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(first) {
            throw error("lone surrogate in a \\u escape")
          }
          guard let scalar = Unicode.Scalar(value) else { throw error("invalid \\u escape") }
          scalars.append(scalar)
        default:
          index -= 1
          throw error("invalid escape in a string")
        }
        runStart = index
      }
    }

    /// The index of the first byte of `run` that does not begin or continue a UTF-8 scalar.
    static func firstInvalidByte(in run: ArraySlice<UInt8>) -> Int {
      var iterator = run.makeIterator()
      var decoder = Unicode.UTF8.ForwardParser()
      var offset = run.startIndex
      while case .valid(let scalar) = decoder.parseScalar(from: &iterator) { offset += scalar.count }
      return offset
    }

    mutating func hexQuad() throws(SyntaxError) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let byte = current, let digit = Parser.hexDigit(byte) else { throw error("expected four hex digits") }
        value = value << 4 | digit
        index += 1
      }
      return value
    }

    static func hexDigit(_ byte: UInt8) -> UInt32? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
      default: nil
      }
    }
  }
}
