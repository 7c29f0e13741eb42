/// Bits written most significant first, as the IAB's consent strings lay out their fields.
package struct BitWriter: Sendable {
  /// The bits so far, one per element (0 or 1).
  package private(set) var bits: [UInt8] = []

  package init() {}

  /// The count of bits written.
  package var count: Int { bits.count }

  /// Writes `value` in `width` bits; `value` must fit (the encoder checks its model first).
  package mutating func write(_ value: Int, width: Int) {
    precondition(value >= 0 && (width >= 63 || value < 1 << width), "\(value) does not fit in \(width) bits")
    for shift in stride(from: width - 1, through: 0, by: -1) {
      bits.append(UInt8((value >> shift) & 1))
    }
  }

  /// Writes one bit.
  package mutating func write(_ flag: Bool) {
    bits.append(flag ? 1 : 0)
  }

  /// Writes `flags` as one bit each, in order.
  package mutating func write(_ flags: [Bool]) {
    for flag in flags { write(flag) }
  }

  /// Writes a positive integer in Fibonacci coding (Zeckendorf's representation, least significant
  /// first, ended by an extra 1), as the Global Privacy Platform codes its section ids.
  package mutating func writeFibonacci(_ value: Int) {
    precondition(value >= 1, "Fibonacci coding starts at 1")
    var fibonacci = [1, 2]
    while fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2] <= value {
      fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2])
    }
    while fibonacci.count > 1 && fibonacci[fibonacci.count - 1] > value { fibonacci.removeLast() }
    var digits = [UInt8](repeating: 0, count: fibonacci.count)
    var rest = value
    for index in stride(from: fibonacci.count - 1, through: 0, by: -1) where fibonacci[index] <= rest {
      digits[index] = 1
      rest -= fibonacci[index]
    }
    bits.append(contentsOf: digits)
    bits.append(1)
  }

  /// Writes `text`'s letters A to Z as 6 bits each (A is 0), as a language or country code.
  package mutating func writeLetters(_ text: String) {
    for scalar in text.unicodeScalars {
      write(Int(scalar.value) - 65, width: 6)
    }
  }

  /// Pads with zero bits to a multiple of `multiple`.
  package mutating func pad(toMultipleOf multiple: Int) {
    let remainder = bits.count % multiple
    if remainder != 0 { bits.append(contentsOf: repeatElement(0, count: multiple - remainder)) }
  }
}
