import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionHost
import IntermissionSDL
import Testing

/// Seeded fuzzing of everything untrusted, in process (SDL is global, so these belong to the
/// serialized backend suite). Each fuzzer runs at least 1,000 cases; the seeds are in the fuzzers.
extension BackendTests {
  static let fuzzCases = 1000

  @Test(.timeLimit(.minutes(2))) func fuzzManifestsAndAdFolders() throws {
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
    #expect(shown > 200, "the generator also makes good ad folders: \(shown) showed a banner")
  }

  @Test(.timeLimit(.minutes(2))) func fuzzReplayScripts() throws {
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

  @Test(.timeLimit(.minutes(2))) func fuzzArgumentVectors() throws {
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
