import IntermissionTestSupport

/// Generates replay scripts: mostly well-formed lines early enough to run, with hostile numbers,
/// verbs, key names, line endings and control characters mixed in.
struct ScriptFuzzer {
  static let seed: UInt64 = 0x1A7E_2026_0007_0002
  var random = SeededGenerator(seed: seed)

  /// A line goes wrong with this probability, in one of many ways.
  static let hostility = 0.03

  private mutating func number() -> String {
    guard random.chance(Self.hostility) else { return String(Int.random(in: 0...300, using: &random)) }
    return random.pick([
      String(Double.random(in: 0...200, using: &random)), "-1", "8192", "8193", "1e10", "-3e9", "1e308", "2147483648",
      "-2147483649", "nan", "inf", "-inf", "0x10", "", "1.5.2", "9" + String(repeating: "9", count: 400), "1_000", "١٢",
    ])
  }

  private mutating func time(after previous: inout Double) -> String {
    if random.chance(Self.hostility) { return random.pick(["-1", "nan", "x", "1e400", "0.0.1"]) }
    if random.chance(Self.hostility) { return String(previous / 2) }  // going back in time
    previous += Double.random(in: 0...0.02, using: &random)
    return String(previous)
  }

  private mutating func line(previous: inout Double) -> String {
    let time = time(after: &previous)
    var verb = random.pick([
      "click", "move", "drag", "key", "wheel", "minimize", "restore", "resize", "quit", "CLICK", "Key",
    ])
    if random.chance(Self.hostility) { verb = random.pick(["jump", "", "clíck", "\u{1B}[2J"]) }
    if random.chance(0.02) { verb = "quit" } else if verb == "quit" && random.chance(0.8) { verb = "move" }
    var words = [time, verb]
    switch verb.lowercased() {
    case "click", "move": words += [number(), number()]
    case "drag": words += [number(), number(), number(), number()]
    case "key":
      words.append(random.pick(["P", "p", "Escape", "escape", "Return", "Enter", "Tab", "Up", "End", "Space"]))
      if random.chance(Self.hostility) { words[words.count - 1] = random.pick(["F13", "Banana", "", "Ｐ"]) }
    case "wheel": words.append(random.chance(0.9) ? String(Int.random(in: -5...5, using: &random)) : number())
    case "resize":
      words += [String(Int.random(in: 200...400, using: &random)), String(Int.random(in: 150...300, using: &random))]
      if random.chance(Self.hostility) { words[words.count - 1] = number() }
    default: break
    }
    if random.chance(Self.hostility) { words.append(number()) }  // one argument too many
    if random.chance(Self.hostility), !words.isEmpty { words.removeLast() }
    var text = words.joined(separator: random.pick([" ", "  ", "\t"]))
    if random.chance(0.05) { text += " # comment " + random.pick(["", "é", "\u{1B}[2J", "#"]) }
    if random.chance(Self.hostility) {
      text.insert(random.pick(["\u{00}", "\u{07}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\r"]), at: text.startIndex)
    }
    return text
  }

  /// One script.
  mutating func script() -> String {
    var previous = 0.0
    let lines = (0..<Int.random(in: 0..<20, using: &random)).map { _ in line(previous: &previous) }
    let separator = random.pick(["\n", "\r\n", "\n", "\r"])
    return lines.joined(separator: separator) + (random.chance(0.5) ? separator : "")
  }
}
