import Foundation
import IntermissionTestSupport
import Testing

/// A run without video ads maps no FFmpeg library: start-up and memory stay as they were. A run
/// whose manifest lists a video ad maps them once its video preloads: the check can fail.
///
/// libexpat is not checked here: Mesa's libgbm, which SDL's video drivers load, links it, so it is
/// mapped in every run whether or not a VAST document was read (the CExpat shim's own `dlopen` of
/// it then costs nothing more).
@Suite("Video libraries, loaded only for video")
struct VideoMappingTests {
  /// The shared objects the program at `pid` has mapped.
  static func mappedLibraries(_ pid: Int32) throws -> Set<String> {
    // procfs reports no size: read to the end.
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
    defer { try? handle.close() }
    let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    return Set(
      maps.split(separator: "\n").compactMap { line in
        line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init)
      }.filter { $0.contains(".so") }.map { ($0 as NSString).lastPathComponent })
  }

  /// Runs the demo headless on `manifest` until `event` is traced, and returns what it mapped then.
  static func libraries(manifest: String, runner: ProgramRunner, until event: String) throws -> Set<String> {
    let trace = runner.path("t.jsonl")
    let program = try runner.start(
      ["--headless", "--no-audio", "--ads", manifest, "--seconds", "30", "--trace", trace])
    defer {
      kill(program.process.processIdentifier, SIGTERM)
      _ = runner.finish(program)
    }
    if !runner.waitForTrace("t.jsonl", containing: event, timeout: 20) {
      Issue.record("no \(event): \((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "")")
    }
    return try mappedLibraries(program.process.processIdentifier)
  }

  static func isFFmpeg(_ name: String) -> Bool {
    ["libavformat", "libavcodec", "libswscale", "libswresample", "libavutil"].contains { name.hasPrefix($0) }
  }

  @Test func aRunWithoutVideoAdsMapsNoFFmpegLibrary() throws {
    let runner = try ProgramRunner()
    let folder = try ShippedManifest.bannerFolder(runner)
    let mapped = try Self.libraries(
      manifest: folder.appendingPathComponent("manifest.json").path, runner: runner, until: #""event":"impression""#)
    #expect(mapped.contains { $0.hasPrefix("libSDL2") }, "the check sees the program's libraries: \(mapped)")
    #expect(!mapped.contains(where: Self.isFFmpeg), "\(mapped.filter(Self.isFFmpeg))")
  }

  @Test func aRunWithAVideoAdMapsThemOnceItsVideoPreloads() throws {
    let runner = try ProgramRunner()
    let mapped = try Self.libraries(
      manifest: ShippedManifest.path, runner: runner, until: #""id":"bonus-coins","format":"rewarded""#)
    #expect(
      ["libavformat", "libavcodec", "libswscale", "libswresample"].allSatisfy { name in
        mapped.contains { $0.hasPrefix(name) }
      }, "\(mapped.filter(Self.isFFmpeg))")
  }
}
