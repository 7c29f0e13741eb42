/// Line break opportunities by UAX #14 for text of Latin letters, digits, spaces and common
/// punctuation, found without ICU. The rules that decide them for these classes alone: no break
/// before a space (LB7) nor before `, . : ; ! ?` (LB13), else a break after spaces (LB18); none
/// around a quotation mark (LB19) nor before a hyphen (LB21); letters and digits hold together
/// (LB23, LB28), a hyphen before a digit (LB25) and `, . : ;` before a letter (LB29); after
/// spaces, `, . : ;` before a digit may start a line (LB15c, as ICU has it); after `!`, `?` or a
/// hyphen that does not start a word, a letter (or, after `!` and `?`, a digit) may start a line.
enum LatinLineBreaks {
  private enum Class {
    case letter, digit, space, infix, exclamation, quotation, hyphen
  }

  private static func lineBreakClass(_ unit: UInt16) -> Class? {
    switch unit {
    case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x1E00...0x1EFF: .letter
    case 0x30...0x39: .digit
    case 0x20: .space
    case 0x2C, 0x2E, 0x3A, 0x3B: .infix
    case 0x21, 0x3F: .exclamation
    case 0x22, 0x27: .quotation
    case 0x2D: .hyphen
    default: nil
    }
  }

  /// The UTF-16 offsets at which a new line may start in `units`, as ICU gives them (never 0; the
  /// last is the end), or nil when a unit is outside these classes: ICU must answer.
  static func offsets(in units: [UInt16]) -> [Int32]? {
    var classes: [Class] = []
    classes.reserveCapacity(units.count)
    for unit in units {
      guard let kind = lineBreakClass(unit) else { return nil }
      classes.append(kind)
    }
    var offsets: [Int32] = []
    for index in classes.indices.dropFirst() where breaks(before: index, in: classes) {
      offsets.append(Int32(index))
    }
    if !units.isEmpty { offsets.append(Int32(units.count)) }
    return offsets
  }

  private static func breaks(before index: Int, in classes: [Class]) -> Bool {
    let previous = classes[index - 1]
    let next = classes[index]
    switch (previous, next) {
    case (.space, .infix): return index + 1 < classes.count && classes[index + 1] == .digit
    case (_, .space), (_, .infix), (_, .exclamation): return false
    case (.space, _): return true
    case (_, .quotation), (_, .hyphen), (.quotation, _): return false
    case (.exclamation, .letter), (.exclamation, .digit): return true
    case (.hyphen, .letter): return index >= 2 && classes[index - 2] != .space
    default: return false
    }
  }
}
