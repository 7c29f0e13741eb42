import Foundation
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// The demo's overlay drawn both ways: on the window's renderer (`--overlay renderer`, the
/// default) and into pixels of its own uploaded as one texture (`--overlay surface`), as a game on
/// any engine draws it. The screenshots of the same scripted run differ in at most 0.5 % of their
/// pixels, for the banner, the in-app ad view, an interstitial, a rewarded video mid-play and its
/// end card, in Latin, Japanese and Arabic.
@Suite("The overlay drawn into pixels, against the renderer")
struct SurfaceParityTests {
  /// A moment of the demo: a script and how long the run lasts.
  struct Moment: CustomTestStringConvertible, Sendable {
    let name: String
    let script: String?
    let seconds: Double
    var testDescription: String { name }
  }

  static let moments = [
    Moment(name: "banner", script: nil, seconds: 3),
    Moment(name: "ad view", script: "2.0 click 480 595\n", seconds: 3),
    // docs/break-script.txt: the second round's interstitial video, 3 s before its Close.
    Moment(name: "interstitial", script: "docs/break-script.txt", seconds: 37),
    // docs/bonus-script.txt: the rewarded video 3 s in, then its end card.
    Moment(name: "rewarded video", script: "docs/bonus-script.txt", seconds: 6),
    Moment(name: "end card", script: "docs/bonus-script.txt", seconds: 16),
  ]

  /// The screenshot of `moment` in `language`, with the overlay drawn `way`.
  func screenshot(_ moment: Moment, language: String, way: String, runner: ProgramRunner) throws -> Surface {
    var arguments = [
      "--headless", "--fixed-step", "--no-audio", "--no-beacons", "--language", language, "--overlay", way,
      "--seconds", String(moment.seconds), "--screenshot", runner.path("\(way).png"),
      "--trace", runner.path("\(way).jsonl"),
    ]
    if let script = moment.script {
      let path: String
      if script.hasPrefix("docs/") {
        path = ProgramRunner.root.appendingPathComponent(script).path
      } else {
        path = runner.path("script.txt")
        try script.write(toFile: path, atomically: true, encoding: .utf8)
      }
      arguments += ["--script", path]
    }
    let result = try runner.run(arguments)
    #expect(result.status == 0, "\(way): \(result.stderr)")
    return try runner.image("\(way).png")
  }

  @Test(arguments: moments, ["en", "ja", "ar"])
  func theSurfaceDrawsWhatTheRendererDraws(moment: Moment, language: String) throws {
    let runner = try ProgramRunner()
    let renderer = try screenshot(moment, language: language, way: "renderer", runner: runner)
    let surface = try screenshot(moment, language: language, way: "surface", runner: runner)
    // The same events, frame for frame, both ways.
    let traces = try ["renderer", "surface"].map {
      try String(contentsOfFile: runner.path("\($0).jsonl"), encoding: .utf8)
        .split(separator: "\n").filter { !$0.contains(#""event":"host.started""#) }
    }
    #expect(traces[0] == traces[1])
    #expect(renderer.width == surface.width && renderer.height == surface.height)
    var differing = 0
    for y in 0..<renderer.height {
      for x in 0..<renderer.width where renderer.pixel(x: x, y: y) != surface.pixel(x: x, y: y) {
        differing += 1
      }
    }
    let share = Double(differing) / Double(renderer.width * renderer.height)
    #expect(share <= 0.005, "\(differing) pixels differ, \(share * 100) %")
    // The moment is what it says: the overlay is drawn (not a frame without it).
    let events = traces[1].joined(separator: "\n")
    switch moment.name {
    case "banner": #expect(events.contains(#""event":"banner.shown""#))
    case "ad view": #expect(events.contains(#""event":"action.began""#))
    case "interstitial": #expect(events.contains(#""event":"video.started","format":"interstitial""#))
    case "rewarded video": #expect(events.contains(#""event":"video.started","format":"rewarded""#))
    default: #expect(events.contains(#""event":"video.completed","format":"rewarded""#))
    }
  }
}
