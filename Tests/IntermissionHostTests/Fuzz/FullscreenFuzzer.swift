import Foundation
import IntermissionAds
import IntermissionTestSupport

/// Generates manifests with a banner and full-screen entries whose fields are good or hostile
/// (`reward`, `rewardAfter`, `closeAfter`, `format`) and whose creatives are of every size the
/// full-screen view must accept or refuse: real PNGs from 1×1 to 4096×1024, and the hostile files
/// of `ManifestFuzzer`'s folder.
struct FullscreenFuzzer {
  static let seed: UInt64 = 0x1A7E_2026_0021_0001
  var random = SeededGenerator(seed: seed)

  /// The full-screen creatives, by file name, with their sizes and whether a full-screen ad may
  /// show them (at least 320×180, no narrower or flatter than 1:4).
  static let creatives: [(name: String, width: Int, height: Int, supported: Bool)] = [
    ("fs-1280x720.png", 1280, 720, true), ("fs-320x180.png", 320, 180, true), ("fs-720x1280.png", 720, 1280, true),
    ("fs-400x1600.png", 400, 1600, true), ("fs-1600x400.png", 1600, 400, true), ("fs-319x180.png", 319, 180, false),
    ("fs-320x179.png", 320, 179, false), ("fs-1x1.png", 1, 1, false), ("fs-4096x1023.png", 4096, 1023, false),
    ("fs-330x1400.png", 330, 1400, false), ("fs-96x12.png", 96, 12, false),
  ]
  /// Hostile files that `ManifestFuzzer.makeFolder` makes beside them: never shown.
  static let hostile = ["truncated.png", "empty.png", "fifo.png", "dir.png", "outside.png", "missing.png", "gif.gif"]

  /// What one case's rewarded entry asks for.
  struct Case {
    var manifest: String
    var image: String
    /// Whether the rewarded entry's own fields are all valid (the manifest may still be refused).
    var fieldsValid: Bool
  }

  mutating func makeCase() -> Case {
    let useCreative = random.chance(0.8)
    let image = useCreative ? random.pick(Self.creatives).name : random.pick(Self.hostile)
    var fieldsValid = true
    var reward = #"{"type":"coins","amount":50}"#
    if random.chance(0.25) {
      fieldsValid = false
      reward = random.pick([
        #"{"type":"coins","amount":-1}"#, #"{"type":"coins","amount":2.5}"#, #"{"amount":5}"#, #"[]"#,
        #"{"type":"coins","amount":1e300}"#, #"{"type":"","amount":5}"#, #""coins""#,
      ])
    }
    var rewardAfter = random.pick(["1", "5", "60", "15"])
    if random.chance(0.2) {
      fieldsValid = false
      rewardAfter = random.pick(["0", "61", "1e9", "-1", #""15""#, "null", "1e400"])
    }
    let interstitial =
      random.chance(0.5)
      ? #",{"id":"i","image":"\#(random.pick(Self.creatives).name)","title":"I","action":"in-app","format":"interstitial","closeAfter":\#(random.pick(["0", "5", "15", "16", "1e9"]))}"#
      : ""
    let manifest = """
      {"ads":[{"id":"b","image":"good.png","title":"B","action":"in-app"},\
      {"id":"r","image":"\(image)","title":"Rewarded","action":"in-app","format":"rewarded",\
      "reward":\(reward),"rewardAfter":\(rewardAfter)}\(interstitial)]}
      """
    return Case(manifest: manifest, image: image, fieldsValid: fieldsValid)
  }
}
