/// An amount of money in millionths of its currency's unit (micros, as AdMob's `valueMicros`): a
/// fixed-point number, never a binary float, so that sums and reports are exact.
public struct Micros: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The amount in millionths.
  public var value: Int64

  /// The amount of `value` millionths.
  public init(_ value: Int64) { self.value = value }

  /// Zero.
  public static let zero = Micros(0)

  /// The decimal number `text` (digits, an optional fraction and an optional exponent, as JSON and
  /// Swift write numbers: "1.005", "1e-05") divided by 10^`shift`, in millionths, rounded once,
  /// half away from zero; nil for text that is not such a number, or an amount past `Int64`.
  public init?(decimal text: String, dividedByPowerOfTen shift: Int = 0) {
    var digits: [Int64] = []
    var point: Int?
    var exponent = 0
    var bytes = Substring(text).utf8[...]
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if byte == UInt8(ascii: "."), point == nil {
        point = digits.count
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        digits.append(Int64(byte - UInt8(ascii: "0")))
      } else {
        return nil
      }
    }
    if !bytes.isEmpty {
      guard let parsed = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)), abs(parsed) < 400 else {
        return nil
      }
      exponent = parsed
    }
    guard !digits.isEmpty else { return nil }
    // value = 0.d1d2... × 10^(point + exponent + 6 - shift): the digits before the cut are whole
    // millionths, the first after it rounds.
    let whole = (point ?? digits.count) + exponent + 6 - shift
    var amount: Int64 = 0
    for index in 0..<max(0, whole) {
      let digit = index < digits.count ? digits[index] : 0
      let (shifted, over) = amount.multipliedReportingOverflow(by: 10)
      guard !over, shifted <= Int64.max - digit else { return nil }
      amount = shifted + digit
    }
    if whole >= 0, whole < digits.count, digits[whole] >= 5 {
      guard amount < Int64.max else { return nil }
      amount += 1
    }
    value = negative ? -amount : amount
  }

  /// The amount with exactly six fractional digits: "0.001005", "-2.500000".
  public var description: String { JSONText.millionths(value) }

  public static func < (lhs: Micros, rhs: Micros) -> Bool { lhs.value < rhs.value }

  /// The sum, or nil past `Int64`.
  public static func + (lhs: Micros, rhs: Micros) -> Micros? {
    let (sum, over) = lhs.value.addingReportingOverflow(rhs.value)
    return over ? nil : Micros(sum)
  }
}
