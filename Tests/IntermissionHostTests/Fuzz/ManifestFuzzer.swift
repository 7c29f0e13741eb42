import Foundation
import IntermissionAds
import IntermissionTestSupport

/// Generates ad folders: a manifest built from good and hostile parts, sometimes mangled byte by
/// byte, beside images that are real, truncated, lying about their size, or not files at all.
struct ManifestFuzzer {
  static let seed: UInt64 = 0x1A7E_2026_0007_0001
  var random = SeededGenerator(seed: seed)
  let creative: [UInt8]

  init(creative: [UInt8]) { self.creative = creative }

  /// The image files of the shared folder; the first four are good.
  static let imageNames = [
    "good.png", "ok.jpg", "inside-link.png", "sub/good.png", "truncated.png", "noise.png", "huge.png", "wide.jpg",
    "tiny.png", "empty.png", "fifo.png", "dir.png", "outside.png", "gif.gif", "missing.png",
  ]

  /// Makes the files that stay the same in every case.
  func makeFolder(_ folder: URL) throws {
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    func write(_ name: String, _ bytes: [UInt8]) throws {
      try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    try write("good.png", creative)
    try write("sub/good.png", creative)
    try write("ok.jpg", [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03] + [0xFF, 0xD9])
    try write("tiny.png", Array(creative.prefix(16)) + [0, 0, 0, 0, 0, 0, 0, 1] + Array(creative.dropFirst(24)))
    try write("empty.png", [])
    try write("gif.gif", Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF])
    mkfifo(folder.appendingPathComponent("fifo.png").path, 0o644)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("dir.png"), withIntermediateDirectories: true)
    symlink("/etc/hostname", folder.appendingPathComponent("outside.png").path)
    symlink("good.png", folder.appendingPathComponent("inside-link.png").path)
  }

  private var casesMade = 0

  /// Writes the manifest of the next case, and every eighth case new random images, and returns the
  /// manifest's path.
  mutating func makeCase(in folder: URL) throws -> String {
    if casesMade % 8 == 0 { try makeRandomImages(in: folder) }
    casesMade += 1
    var bytes = Array(manifestText().utf8)
    if random.chance(0.1) { mangle(&bytes) }
    let path = folder.appendingPathComponent("manifest.json").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Images with random lengths, contents and declared sizes.
  private mutating func makeRandomImages(in folder: URL) throws {
    func write(_ name: String, _ bytes: [UInt8]) throws {
      try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    try write("truncated.png", Array(creative.prefix(Int.random(in: 8..<max(9, creative.count), using: &random))))
    try write(
      "noise.png", (0..<Int.random(in: 0..<512, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
    let side = { (random: inout SeededGenerator) -> [UInt8] in
      let value = UInt32.random(in: 0...70_000, using: &random)
      return [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    try write("huge.png", Array(creative.prefix(16)) + side(&random) + side(&random) + Array(creative.dropFirst(24)))
    let jpegSide = { (random: inout SeededGenerator) -> [UInt8] in
      let value = UInt16.random(in: 0...UInt16.max, using: &random)
      return [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
    try write(
      "wide.jpg",
      [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08] + jpegSide(&random) + jpegSide(&random) + [0x03, 0x01, 0x22, 0x00]
        + [0xFF, 0xD9])
  }

  private mutating func stringValue() -> String {
    random.pick([
      #""good.png""#, #""x""#, #""""#, #""   ""#, #""\n""#, #""\u0000""#, #""a\u0000b""#, #""\u001b[2J""#,
      #""\ud800""#, #""é😀""#, #""../outside.png""#, #""/etc/passwd""#, #""~/x.png""#, #""./good.png""#,
      #""https://example.com/x""#, #""file:///etc/passwd""#, #""javascript:alert(1)""#, #""http://""#,
      #""https://exa mple.com""#, "\"" + String(repeating: "A", count: Int.random(in: 0..<3000, using: &random)) + "\"",
      "1", "-0", "1e400", "true", "null", "[]", "{}", #"["good.png"]"#,
    ])
  }

  /// The full-screen formats' fields, good and hostile: a format (known, unknown, not a string),
  /// a reward (good, without a type, negative, fractional, huge, not an object), and countdowns
  /// in and out of range, on the right format or the wrong one.
  private mutating func fullScreenFields() -> [(String, String)] {
    var fields = [
      (
        "format",
        random.pick([#""interstitial""#, #""rewarded""#, #""banner""#, #""video""#, #""REWARDED""#, "1", "null"])
      )
    ]
    if random.chance(0.7) {
      fields.append(
        (
          "reward",
          random.pick([
            #"{"type":"coins","amount":50}"#, #"{"type":"gems","amount":0}"#, #"{"amount":5}"#,
            #"{"type":"","amount":5}"#, #"{"type":"coins","amount":-1}"#, #"{"type":"coins","amount":2.5}"#,
            #"{"type":"coins","amount":1e300}"#, #"{"type":"\u0007","amount":1}"#, #"[]"#, #""coins""#,
            "{\"type\":\"" + String(repeating: "c", count: 65) + "\",\"amount\":1}",
          ])
        ))
    }
    if random.chance(0.4) {
      fields.append(
        (
          random.pick(["rewardAfter", "closeAfter"]),
          random.pick(["0", "1", "5", "15", "15.5", "60", "61", "1e9", "-3", #""5""#])
        ))
    }
    return fields
  }

  /// One ad: valid, then with one thing wrong half of the time.
  private mutating func entry() -> String {
    let isURL = random.chance(0.4)
    var fields: [(String, String)] = [
      ("id", "\"ad\(Int.random(in: 0..<5, using: &random))\""),
      ("image", "\"" + ManifestFuzzer.imageNames[Int.random(in: 0..<4, using: &random)] + "\""),
      ("title", random.pick([#""A title""#, #""Über 😀""#, #""x""#])),
      ("action", isURL ? #""open-url""# : #""in-app""#),
    ]
    if isURL || random.chance(0.2) { fields.append(("url", #""https://example.com/landing?q=1""#)) }
    var duplicate = false
    var trailingComma = false
    if random.chance(0.5) {
      let index = Int.random(in: 0..<fields.count, using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0: fields[index].1 = stringValue()
      case 1: fields.remove(at: index)
      case 2: fields[0].1 = stringValue()
      case 3: fields[1].1 = random.chance(0.7) ? "\"" + random.pick(ManifestFuzzer.imageNames) + "\"" : stringValue()
      case 4: duplicate = true
      default: trailingComma = true
      }
    }
    if random.chance(0.1) { fields.append(("extra", stringValue())) }
    if random.chance(0.15) { fields += fullScreenFields() }
    if duplicate { fields.append(fields[0]) }
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + (trailingComma ? "," : "") + "}"
  }

  private mutating func manifestText() -> String {
    switch Int.random(in: 0..<40, using: &random) {
    case 0: return ""
    case 1: return "[" + entry() + "]"
    case 2: return #"{"ads":{}}"#
    case 3: return #"{"ads":[]}"#
    case 4: return String(repeating: "[", count: Int.random(in: 1..<5000, using: &random))
    default:
      let entries = (0..<(random.chance(0.8) ? 1 : Int.random(in: 2..<4, using: &random))).map { _ in entry() }
      return #"{"ads":["# + entries.joined(separator: ",") + (random.chance(0.05) ? "," : "") + "]}"
    }
  }

  /// Flips, drops, duplicates or cuts bytes.
  private mutating func mangle(_ bytes: inout [UInt8]) {
    for _ in 0..<Int.random(in: 1..<6, using: &random) where !bytes.isEmpty {
      let index = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
      case 1: bytes.remove(at: index)
      case 2: bytes.insert(bytes[index], at: index)
      default: bytes.removeSubrange(index...)
      }
    }
  }
}
