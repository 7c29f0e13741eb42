/// A gettext `Plural-Forms` rule: how many forms a language has, and the C expression in `n` that
/// picks the form for a number, as in `nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : 2);`.
///
/// The expression is parsed once into a tree and evaluated with integers; it may use `n`,
/// decimal numbers, parentheses, `!`, `* / %`, `+ -`, `< <= > >=`, `== !=`, `&&`, `||` and `? :`,
/// as gettext's own parser does.
package struct PluralRule: Hashable, Sendable {
  /// The number of plural forms.
  package let count: Int
  /// The expression's nodes, each operand before the node that uses it; the last is the root.
  /// (A flat array, not a tree of boxes: nothing to reference-count, nothing to leak.)
  private let nodes: [Node]

  /// Why a `Plural-Forms` value does not parse.
  package struct SyntaxError: Error, Hashable, CustomStringConvertible {
    /// What is wrong, and where in the value.
    package let description: String
  }

  /// English's rule: one form for 1, another for the rest.
  package static let english = try! PluralRule("nplurals=2; plural=(n != 1);")

  /// Parses a `Plural-Forms` header value.
  /// - Throws: `SyntaxError` when it is not `nplurals=N; plural=EXPRESSION;` with N from 1 to 6.
  package init(_ header: String) throws(SyntaxError) {
    var parts: [String: String] = [:]
    for part in header.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
      guard pair.count == 2 else {
        if part.trimmingSpaces().isEmpty { continue }
        throw SyntaxError(description: "\"\(part.trimmingSpaces())\" is not NAME=VALUE")
      }
      parts[pair[0]] = pair[1]
    }
    guard let counted = parts["nplurals"], let count = Int(counted), (1...6).contains(count) else {
      throw SyntaxError(description: "nplurals must be a number from 1 to 6")
    }
    guard let source = parts["plural"] else { throw SyntaxError(description: "there is no plural=") }
    var parser = Parser(Array(source.utf8))
    _ = try parser.conditional()
    parser.skipSpaces()
    guard parser.position == parser.bytes.count else {
      throw SyntaxError(description: "unexpected text at offset \(parser.position) of \"\(source)\"")
    }
    self.count = count
    self.nodes = parser.nodes
  }

  /// The form for `n`: the expression's value, or the last form if it gives one out of range.
  package func form(for n: Int) -> Int {
    let value = evaluate(nodes.count - 1, Int64(clamping: n))
    return value >= 0 && value < count ? Int(value) : count - 1
  }

  /// One node of the expression; its operands are the indices of earlier nodes.
  enum Node: Hashable, Sendable {
    case number(Int64)
    case variable
    case not(Int)
    case binary(Operator, Int, Int)
    case conditional(Int, Int, Int)
  }

  private func evaluate(_ index: Int, _ n: Int64) -> Int64 {
    switch nodes[index] {
    case .number(let value): return value
    case .variable: return n
    case .not(let operand): return evaluate(operand, n) == 0 ? 1 : 0
    case .conditional(let test, let then, let otherwise):
      return evaluate(test, n) != 0 ? evaluate(then, n) : evaluate(otherwise, n)
    case .binary(let op, let left, let right):
      let a = evaluate(left, n)
      // && and || do not evaluate their right side when the left decides.
      if op == .and { return a != 0 && evaluate(right, n) != 0 ? 1 : 0 }
      if op == .or { return a != 0 || evaluate(right, n) != 0 ? 1 : 0 }
      return op.apply(a, evaluate(right, n))
    }
  }

  enum Operator: String, Hashable, Sendable {
    case multiply = "*", divide = "/", remainder = "%", add = "+", subtract = "-"
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "==", notEqual = "!="
    case and = "&&", or = "||"

    func apply(_ a: Int64, _ b: Int64) -> Int64 {
      switch self {
      case .multiply: a &* b
      case .divide: b == 0 ? 0 : a / b
      case .remainder: b == 0 ? 0 : a % b
      case .add: a &+ b
      case .subtract: a &- b
      case .less: a < b ? 1 : 0
      case .lessOrEqual: a <= b ? 1 : 0
      case .greater: a > b ? 1 : 0
      case .greaterOrEqual: a >= b ? 1 : 0
      case .equal: a == b ? 1 : 0
      case .notEqual: a != b ? 1 : 0
      case .and: a != 0 && b != 0 ? 1 : 0
      case .or: a != 0 || b != 0 ? 1 : 0
      }
    }
  }

  /// A recursive-descent parser of C's precedence levels, from `?:` down to unary `!`.
  struct Parser {
    let bytes: [UInt8]
    var position = 0
    var depth = 0
    var nodes: [Node] = []

    mutating func add(_ node: Node) -> Int {
      nodes.append(node)
      return nodes.count - 1
    }

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The binary operators of each precedence level, loosest first.
    static let levels: [[Operator]] = [
      [.or], [.and], [.equal, .notEqual], [.lessOrEqual, .greaterOrEqual, .less, .greater], [.add, .subtract],
      [.multiply, .divide, .remainder],
    ]

    mutating func skipSpaces() {
      while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
    }

    mutating func take(_ token: String) -> Bool {
      skipSpaces()
      let wanted = Array(token.utf8)
      guard bytes.count - position >= wanted.count, Array(bytes[position..<position + wanted.count]) == wanted
      else { return false }
      // "<" is not the start of "<=", nor "!" of "!=", "&" of "&&"...
      if wanted.count == 1, position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "="),
        "<>!=".utf8.contains(wanted[0])
      {
        return false
      }
      position += wanted.count
      return true
    }

    mutating func conditional() throws(SyntaxError) -> Int {
      depth += 1
      defer { depth -= 1 }
      guard depth < 64 else { throw SyntaxError(description: "the expression nests too deeply") }
      let test = try binary(level: 0)
      guard take("?") else { return test }
      let then = try conditional()
      guard take(":") else { throw SyntaxError(description: "a \"?\" has no \":\" at offset \(position)") }
      let otherwise = try conditional()
      return add(.conditional(test, then, otherwise))
    }

    mutating func binary(level: Int) throws(SyntaxError) -> Int {
      guard level < Parser.levels.count else { return try unary() }
      var left = try binary(level: level + 1)
      while let op = Parser.levels[level].first(where: { take($0.rawValue) }) {
        let right = try binary(level: level + 1)
        left = add(.binary(op, left, right))
      }
      return left
    }

    mutating func unary() throws(SyntaxError) -> Int {
      if take("!") {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { throw SyntaxError(description: "the expression nests too deeply") }
        let operand = try unary()
        return add(.not(operand))
      }
      if take("(") {
        let inner = try conditional()
        guard take(")") else { throw SyntaxError(description: "a \"(\" is not closed at offset \(position)") }
        return inner
      }
      skipSpaces()
      if take("n") { return add(.variable) }
      var value: Int64 = 0
      let start = position
      while position < bytes.count, (0x30...0x39).contains(bytes[position]), position - start < 9 {
        value = value * 10 + Int64(bytes[position] - 0x30)
        position += 1
      }
      guard position > start else {
        throw SyntaxError(description: "a number, n, \"(\" or \"!\" was expected at offset \(position)")
      }
      return add(.number(value))
    }
  }
}

extension Substring {
  func trimmingSpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
