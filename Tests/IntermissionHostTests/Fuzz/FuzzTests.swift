import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionHost
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// Seeded fuzzing of everything untrusted, in process (SDL is global, so these run one at a time
/// in the SDL session). Each fuzzer runs at least 1,000 cases; the seeds are in the fuzzers.
///
/// The time limits catch a hang, not a slow run: alone, the manifests' thousand cases take 15 s
/// under AddressSanitizer, and over two minutes beside the other half of the sanitized run on two
/// busy cores (which once exceeded a two-minute limit). Speed is the benchmark's business.
@Suite("Fuzzers", .serialized, .sdlSession)
struct FuzzTests {
  static let fuzzCases = 1000

  @Test(.timeLimit(.minutes(10))) func fuzzManifestsAndAdFolders() throws {
    let harness = try FuzzHarness("manifests")
    // A small real creative keeps a case cheap; size limits are the image bombs' business.
    try Surface(width: 96, height: 12).savePNG(to: harness.path("creative.png"))
    var fuzzer = ManifestFuzzer(
      creative: try [UInt8](Data(contentsOf: URL(fileURLWithPath: harness.path("creative.png")))))
    let folder = harness.folder.appendingPathComponent("ads")
    try fuzzer.makeFolder(folder)
    var shown = 0
    for index in 0..<Self.fuzzCases {
      let manifest = try fuzzer.makeCase(in: folder)
      let label = "manifest case \(index) (seed \(ManifestFuzzer.seed))"
      let valid = (try? AdManifest.load(path: manifest)) != nil
      let (code, trace) = harness.run(
        FuzzHarness.base + [
          "--ads", manifest, "--ad-latency", "0", "--frames", "1", "--trace", harness.path("trace.jsonl"),
        ], case: label)
      #expect(code == 0, "\(label)")
      #expect(
        trace.contains { $0.contains(#""event":"ad.loaded""#) || $0.contains(#""event":"ad.failed""#) }, "\(label)")
      let bannerShown = trace.contains { $0.contains(#""event":"banner.shown""#) }
      if bannerShown { shown += 1 }
      #expect(valid || !bannerShown, "\(label): a bad manifest showed the banner")
      #expect(!bannerShown || trace.contains { $0.contains(#""event":"ad.loaded""#) }, "\(label)")
    }
    harness.expectNothingWrittenOutside()
    #expect(shown == 234, "the seed's good ad folders: \(shown) showed a banner")
  }

  /// Full-screen entries with hostile fields and creatives of every size, each shown from the
  /// demo's Bonus by keys (so the menu's layout does not matter): a creative of an unsupported size
  /// or a broken file is never shown (the show is refused, `notReady`, and the load failed saying
  /// why); a good one is shown, and its early close asks, then forfeits, then dismisses.
  @Test(.timeLimit(.minutes(10))) func fuzzFullscreenEntriesAndCreativeSizes() throws {
    let harness = try FuzzHarness("fullscreen")
    try Surface(width: 96, height: 12).savePNG(to: harness.path("creative.png"))
    let creative = try [UInt8](Data(contentsOf: URL(fileURLWithPath: harness.path("creative.png"))))
    let folder = harness.folder.appendingPathComponent("ads")
    try ManifestFuzzer(creative: creative).makeFolder(folder)
    for entry in FullscreenFuzzer.creatives {
      try Surface(width: entry.width, height: entry.height).savePNG(to: folder.appendingPathComponent(entry.name).path)
    }
    try Data(creative.prefix(40)).write(to: folder.appendingPathComponent("truncated.png"))
    let script = harness.path("s.txt")
    // Down, Down, Return: Bonus; Return: the offer; Escape asks, Escape gives the reward up.
    try Data("0.05 key Down\n0.05 key Down\n0.1 key Return\n0.3 key Return\n0.6 key Escape\n0.7 key Escape\n".utf8)
      .write(to: URL(fileURLWithPath: script))
    var fuzzer = FullscreenFuzzer()
    var outcomes: [String: Int] = [:]
    for index in 0..<300 {
      let made = fuzzer.makeCase()
      let manifest = folder.appendingPathComponent("manifest.json").path
      try Data(made.manifest.utf8).write(to: URL(fileURLWithPath: manifest))
      let label = "full-screen case \(index) (seed \(FullscreenFuzzer.seed)): \(made.manifest)"
      let valid = (try? AdManifest.load(path: manifest)) != nil
      let (code, trace) = harness.run(
        FuzzHarness.base + [
          "--ads", manifest, "--ad-latency", "0", "--frames", "50", "--script", script, "--trace",
          harness.path("trace.jsonl"),
        ], case: label)
      #expect(code == 0, "\(label)")
      let events = trace.map(ProgramRunner.eventName).filter {
        $0.hasPrefix("fullscreen.") || $0.hasPrefix("rewarded.")
      }
      let supported = FullscreenFuzzer.creatives.first { $0.name == made.image }?.supported ?? false
      if events.contains("fullscreen.shown") {
        outcomes["shown", default: 0] += 1
        #expect(valid && supported, "\(label): shown")
        #expect(
          events == ["fullscreen.shown", "rewarded.closeAsked", "rewarded.forfeited", "fullscreen.dismissed"],
          "\(label): \(events)")
      } else if valid {
        outcomes[supported ? "unexpected" : "refused", default: 0] += 1
        #expect(!supported, "\(label): a good creative was not shown: \(trace)")
        #expect(
          trace.contains { $0.contains(#""event":"fullscreen.refused""#) && $0.contains(#""reason":"notReady""#) },
          "\(label): the show was refused, not silent")
        #expect(
          trace.contains { $0.contains(#""event":"ad.failed""#) && $0.contains(#""format":"rewarded""#) },
          "\(label): the load failed and said so: \(trace)")
      } else {
        outcomes["invalid", default: 0] += 1
        #expect(events == ["fullscreen.refused"], "\(label): \(events)")
      }
    }
    // The seed's cases, each outcome counted (a refused show of an invalid manifest is "invalid").
    #expect(outcomes == ["shown": 57, "refused": 86, "invalid": 157], "\(outcomes)")
    harness.expectNothingWrittenOutside()
  }

  @Test(.timeLimit(.minutes(10))) func fuzzReplayScripts() throws {
    let harness = try FuzzHarness("scripts")
    var fuzzer = ScriptFuzzer()
    var ran = 0
    for index in 0..<Self.fuzzCases {
      let text = fuzzer.script()
      let path = harness.path("s.txt")
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      let label = "script case \(index) (seed \(ScriptFuzzer.seed))"
      let parses = (try? ReplayScript.parse(text, file: path)) != nil
      let (code, trace) = harness.run(
        FuzzHarness.base + ["--no-ads", "--frames", "8", "--script", path, "--trace", harness.path("trace.jsonl")],
        case: label)
      #expect(code == (parses ? 0 : 2), "\(label): \(text.debugDescription)")
      #expect(parses || trace.isEmpty, "\(label): a bad script opened nothing")
      if parses { ran += 1 }
    }
    #expect(ran > 100 && ran < Self.fuzzCases - 100, "both kinds generated: \(ran) ran")
    harness.expectNothingWrittenOutside()
  }

  @Test(.timeLimit(.minutes(10))) func fuzzArgumentVectors() throws {
    let harness = try FuzzHarness("arguments")
    try Data("0.01 click 10 10\n0.02 key P\n".utf8).write(to: URL(fileURLWithPath: harness.path("s.txt")))
    try Data("0.01 click 1e10 0\n".utf8).write(to: URL(fileURLWithPath: harness.path("bad.txt")))
    try Data(#"{"ads":[{"id":"x","image":"x.png","title":"X","action":"in-app"}]}"#.utf8).write(
      to: URL(fileURLWithPath: harness.path("manifest.json")))
    mkfifo(harness.path("fifo"), 0o644)
    var fuzzer = ArgumentFuzzer(folder: harness.folder.path)
    for index in 0..<Self.fuzzCases {
      let arguments = fuzzer.arguments()
      let label = "argument case \(index) (seed \(ArgumentFuzzer.seed)): \(arguments)"
      let parses = (try? HostConfiguration.parse(arguments)) != nil
      let (code, _) = harness.run(arguments, case: label)
      if !parses { #expect(code == 2, "\(label)") }
    }
    #expect(harness.exitCodes.keys.sorted() == [0, 1, 2], "every outcome generated: \(harness.exitCodes)")
    harness.expectNothingWrittenOutside()
  }
}
