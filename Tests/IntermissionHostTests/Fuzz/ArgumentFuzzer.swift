import IntermissionTestSupport

/// Generates argument vectors from every option, with good, bad and hostile values, in any order.
struct ArgumentFuzzer {
  static let seed: UInt64 = 0x1A7E_2026_0007_0003
  var random = SeededGenerator(seed: seed)
  /// A folder the generated file arguments point into.
  let folder: String

  init(folder: String) { self.folder = folder }

  /// The options that name a file: their hostile values stay inside `folder` too, so that no case
  /// writes anywhere else.
  static let fileOptions: Set = [
    "--script", "--trace", "--screenshot", "--font", "--ads", "--ads-ca", "--fallback-ads", "--beacons",
  ]

  private mutating func value(for option: String) -> String {
    let hostile = random.pick([
      "", "-1", "0", "nan", "inf", "1e308", "9999999999999999999999", "x", "--headless", "\u{1B}[2J", "a\nb", "é",
    ])
    if random.chance(0.25) {
      return ArgumentFuzzer.fileOptions.contains(option) && !hostile.isEmpty ? folder + "/" + hostile : hostile
    }
    switch option {
    case "--size": return random.pick(["200x150", "320x240", "8192x150", "8193x150", "199x150", "0x0", "300X200", "x"])
    case "--fps": return random.pick(["1", "30", "60", "1000", "1001", "0.5"])
    case "--frames": return random.pick(["1", "2", "3", "0", "1.5"])
    case "--seconds": return random.pick(["0.001", "0.02", "0.05", "0", "-1"])
    case "--ad-latency": return random.pick(["0", "0.01", "3600", "3601"])
    case "--refresh": return random.pick(["0.1", "0.05", "30", "86401"])
    case "--script":
      return random.pick([folder + "/s.txt", folder + "/bad.txt", folder + "/missing.txt", folder, "/dev/null"])
    case "--trace":
      return random.pick([folder + "/trace.jsonl", "/dev/full", folder, "/nonexistent/t", folder + "/fifo"])
    case "--screenshot":
      return random.pick([folder + "/shot.png", folder + "/shot.jpg", "/dev/full", "/nonexistent/x.png", ".png"])
    case "--font":
      return random.pick([
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/etc/passwd", folder + "/fifo", "/nonexistent.ttf", folder,
      ])
    case "--ads":
      // Servers on a port where nothing listens: refused at once, never a real network.
      return random.pick([
        folder + "/manifest.json", "/nonexistent/m.json", folder + "/fifo", folder, "http://127.0.0.1:1/manifest.json",
        "https://127.0.0.1:1/m.json", "ftp://127.0.0.1/m.json", "file:///etc/passwd", "http://", "http://a b/",
      ])
    case "--ads-ca": return random.pick([folder + "/ca.pem", "/etc/passwd", folder + "/fifo", folder])
    case "--ads-timeout": return random.pick(["0.1", "0", "120", "121", "1e-9"])
    case "--fallback-ads": return random.pick([folder + "/manifest.json", folder + "/fifo", "/nonexistent/m.json"])
    case "--beacons": return random.pick([folder + "/b.sqlite", folder, folder + "/fifo", folder + "/none/b.sqlite"])
    default: return hostile
    }
  }

  /// One argument vector.
  mutating func arguments() -> [String] {
    let options = [
      "--size", "--fps", "--frames", "--seconds", "--fixed-step", "--script", "--trace", "--screenshot", "--font",
      "--ads", "--ad-latency", "--fail-ads", "--no-ads", "--refresh", "--no-audio", "--bogus", "-x", "stray",
      "--size=", "--ads-ca", "--ads-timeout", "--fallback-ads", "--beacons", "--no-beacons",
    ]
    let flags: Set = ["--fixed-step", "--fail-ads", "--no-ads", "--no-audio", "--no-beacons"]
    var arguments = ["--headless"]
    for _ in 0..<Int.random(in: 0..<7, using: &random) {
      let option = random.pick(options)
      if flags.contains(option) {
        arguments.append(random.chance(0.9) ? option : option + "=1")
      } else if option.hasPrefix("--"), option != "--bogus", option != "--size=" {
        if random.chance(0.3) {
          arguments.append(option + "=" + value(for: option))
        } else {
          arguments.append(option)
          // A missing value makes the next option the value; a file option's never goes missing,
          // so that no option name becomes a file in the working directory.
          if random.chance(0.95) || ArgumentFuzzer.fileOptions.contains(option) {
            arguments.append(value(for: option))
          }
        }
      } else {
        arguments.append(option)
      }
    }
    // Every run ends soon, whatever was generated: the last --frames and --fps win.
    arguments += ["--frames", "2"]
    if !arguments.contains("--fixed-step") { arguments += ["--fps", "1000"] }
    // Most runs without sound (opening the device is the slow part of a run); some with it.
    if random.chance(0.9) { arguments.append("--no-audio") }
    return arguments
  }
}
