extension StrictJSON.Value {
  /// The value as compact JSON text (RFC 8259): members in their order, strings escaped as traces
  /// escape them, integral numbers up to 2^53 without a fraction.
  package var jsonText: String {
    var text = ""
    write(to: &text)
    return text
  }

  private func write(to text: inout String) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let value):
      if value == value.rounded(), abs(value) <= 9_007_199_254_740_992 {
        text += String(Int64(value))
      } else {
        text += String(value)
      }
    case .string(let value): text += JSONText.quoted(value)
    // Not text: written as nothing is, so that no invalid byte leaves.
    case .invalidString: text += "null"
    case .array(let values):
      text += "["
      for (index, value) in values.enumerated() {
        if index > 0 { text += "," }
        value.write(to: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += "," }
        text += JSONText.quoted(member.key) + ":"
        member.value.write(to: &text)
      }
      text += "}"
    }
  }
}
