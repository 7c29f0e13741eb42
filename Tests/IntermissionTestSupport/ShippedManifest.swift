import Foundation
import Testing

/// The shipped manifest (`Assets/ads/manifest.json`), whole or cut down for tests about one format.
package enum ShippedManifest {
  /// The shipped manifest's path.
  package static var path: String { ProgramRunner.root.appendingPathComponent("Assets/ads/manifest.json").path }

  /// The shipped manifest with its banner entries only: what tests of the banner's delivery serve,
  /// so that their request logs and traces hold the banner's requests alone.
  package static func bannersOnly() throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let ads = root["ads"] as? [[String: Any]]
    else { throw CocoaError(.fileReadCorruptFile) }
    root["ads"] = ads.filter { ($0["format"] as? String ?? "banner") == "banner" }
    let text = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
    return String(decoding: text, as: UTF8.self)
  }

  /// A copy of the shipped ads (creatives and manifest) in `runner`'s folder `name`.
  package static func copy(_ runner: ProgramRunner, _ name: String) throws -> URL {
    let folder = runner.folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let shipped = ProgramRunner.root.appendingPathComponent("Assets/ads")
    for file in try FileManager.default.contentsOfDirectory(atPath: shipped.path) {
      try FileManager.default.copyItem(
        at: shipped.appendingPathComponent(file), to: folder.appendingPathComponent(file))
    }
    return folder
  }

  /// A folder in `runner`'s folder with a copy of the shipped ads and the banners-only manifest.
  package static func bannerFolder(_ runner: ProgramRunner, _ name: String = "banners") throws -> URL {
    let folder = try copy(runner, name)
    try Data(bannersOnly().utf8).write(to: folder.appendingPathComponent("manifest.json"))
    return folder
  }

  /// The shipped ads with the rewarded ad a picture (its video's art) under a `rewardAfter` s
  /// countdown, in `runner`'s folder.
  package static func quickRewardedAds(_ runner: ProgramRunner, rewardAfter: Int = 1) throws -> String {
    let folder = try ShippedManifest.bannerFolder(runner, "ads")
    let shipped = try String(contentsOfFile: ShippedManifest.path, encoding: .utf8)
    let quick = shipped.replacingOccurrences(
      of: #""vast": "bonus-coins.xml""#, with: #""image": "bonus-rewarded.png", "rewardAfter": \#(rewardAfter)"#)
    try #require(quick != shipped, "the shipped rewarded ad is a video to replace with its picture")
    let manifest = folder.appendingPathComponent("manifest.json")
    try Data(quick.utf8).write(to: manifest)
    return manifest.path
  }
}
