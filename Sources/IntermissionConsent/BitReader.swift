/// Bits read most significant first, each read naming its field, so that a string that ends early
/// or holds an impossible value is refused with the field and the bit where it happened.
package struct BitReader: Sendable {
  private let bits: [UInt8]
  private let kind: String
  /// The offset of the next bit to read.
  package private(set) var position = 0
  /// How many vendor ids the ranges of one string may still name in all: a hostile string of a few
  /// thousand restrictions, each the range 1 to 65,535, would otherwise cost hundreds of millions of
  /// insertions.
  package var idBudget = 300_000

  /// A reader of `bits`, whose errors name `kind` ("TC string", "usnat section").
  package init(bits: [UInt8], kind: String) {
    self.bits = bits
    self.kind = kind
  }

  /// The bits not yet read.
  package var remaining: Int { bits.count - position }

  /// An error about the field read at `offset` (by default, where the reader stands).
  package func error(_ reason: String, at offset: Int? = nil) -> ConsentStringError {
    ConsentStringError(kind: kind, reason: reason, location: "bit \(offset ?? position)")
  }

  /// Reads an unsigned integer of `width` bits, the field named `field`.
  package mutating func read(_ width: Int, _ field: String) throws(ConsentStringError) -> Int {
    guard remaining >= width else {
      throw error("the string ends inside \(field) (\(width) bits needed, \(remaining) left)")
    }
    var value = 0
    for index in position..<position + width {
      value = value << 1 | Int(bits[index])
    }
    position += width
    return value
  }

  /// Reads one bit, the field named `field`.
  package mutating func readBool(_ field: String) throws(ConsentStringError) -> Bool {
    try read(1, field) == 1
  }

  /// Reads `count` bits as flags, the field named `field`.
  package mutating func readFlags(_ count: Int, _ field: String) throws(ConsentStringError) -> [Bool] {
    guard remaining >= count else {
      throw error("the string ends inside \(field) (\(count) bits needed, \(remaining) left)")
    }
    defer { position += count }
    return bits[position..<position + count].map { $0 == 1 }
  }

  /// Reads two letters A to Z, 6 bits each, the field named `field`.
  package mutating func readLetters(_ field: String) throws(ConsentStringError) -> String {
    let start = position
    var letters = ""
    for _ in 0..<2 {
      let value = try read(6, field)
      guard value < 26 else { throw error("\(field) holds \(value), which is not a letter A to Z", at: start) }
      letters.unicodeScalars.append(Unicode.Scalar(UInt8(65 + value)))
    }
    return letters
  }

  /// Reads a Fibonacci-coded positive integer (ended by two 1 bits), the field named `field`.
  package mutating func readFibonacci(_ field: String) throws(ConsentStringError) -> Int {
    let start = position
    var (previous, current) = (1, 1)  // F(1), F(2): the first digit is worth F(2) = 1
    var value = 0
    var lastWasOne = false
    while true {
      guard remaining > 0 else { throw error("the string ends inside \(field)'s Fibonacci code", at: start) }
      let bit = bits[position]
      position += 1
      if bit == 1 && lastWasOne { return value }
      if bit == 1 { value += current }
      lastWasOne = bit == 1
      (previous, current) = (current, previous + current)
      guard value < 1 << 40, current < 1 << 50 else { throw error("\(field) is too large", at: start) }
    }
  }

  /// Refuses what is left unless it is padding: zero bits. (Encoders pad to 6, 8 or 24 bits, and
  /// some wrote more; none wrote a one after the last field.)
  package func expectPadding() throws(ConsentStringError) {
    guard bits[position...].allSatisfy({ $0 == 0 }) else { throw error("a bit after the last field is not zero") }
  }
}
