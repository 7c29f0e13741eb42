import Foundation

/// Test media made with the `ffmpeg` tool (`scripts/install-deps --test` installs it), and shared by
/// every test that needs a clip.
///
/// With `INTERMISSION_TEST_MEDIA` set to a folder (as `scripts/test` sets it), the clips are made once
/// per run: the first test process makes them into a sibling folder and renames it into place, keyed
/// by a digest of the clips' definitions, and every later process (the plain, audio and sanitizer
/// runs) takes them from there. Without it, each test process makes its own, removed as it exits.
public enum GeneratedMedia {
  /// The folder and every clip, made at the first use.
  public static let folder: Result<URL, GenerationError> = generate()

  public struct GenerationError: Error, CustomStringConvertible {
    public let description: String
  }

  /// The clip named `name` (such as "h264-aac.mp4").
  public static func path(_ name: String) throws -> String {
    try folder.get().appendingPathComponent(name).path
  }

  /// Each clip: its file name and the ffmpeg arguments that make it.
  static let clips: [(name: String, arguments: [String])] = [
    (
      "h264-aac.mp4",
      lavfi("testsrc2=size=320x240:rate=30", seconds: 2) + lavfi("sine=frequency=1000:sample_rate=44100", seconds: 2)
        + h264 + ["-c:a", "aac", "-movflags", "+faststart"]
    ),
    // A video ad's clip: 4 s whose luma steps up every second (16, 76, 136, 196), with a tone.
    (
      "steps.mp4",
      lavfi("color=c=black:size=320x180:rate=30", seconds: 4)
        + lavfi("sine=frequency=660:sample_rate=48000", seconds: 4) + ["-vf", "geq=lum='16+60*floor(T)':cb=128:cr=128"]
        + h264 + ["-c:a", "aac"]
    ),
    // The same steps whose picture stops at 3.5 s (105 frames) while its sound, and so its
    // container's length, runs the whole 4 s: a file that ends short of its promise, past 90 % of
    // it minus half a second.
    (
      "short-picture.mp4",
      lavfi("color=c=black:size=320x180:rate=30", seconds: 3.5)
        + lavfi("sine=frequency=660:sample_rate=48000", seconds: 4) + ["-vf", "geq=lum='16+60*floor(T)':cb=128:cr=128"]
        + h264 + ["-c:a", "aac"]
    ),
    // Longer than any placement takes (202).
    ("long.mp4", lavfi("color=c=gray:size=64x64:rate=5", seconds: 61) + h264),
    (
      "vp9-opus.webm",
      lavfi("testsrc2=size=320x240:rate=30", seconds: 2) + lavfi("sine=frequency=440:sample_rate=48000", seconds: 2)
        + ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus"]
    ),
    (
      "red-no-audio.mp4",
      lavfi("color=c=red:size=160x120:rate=30", seconds: 1) + h264
    ),
    (
      "portrait.mp4",
      lavfi("testsrc2=size=720x1280:rate=30", seconds: 1) + h264
    ),
    (
      "sixty.mp4",
      lavfi("testsrc2=size=320x240:rate=60", seconds: 1)
        + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p"]
    ),
    // Sparse pictures (at 0 s and 10 s) over 20 s of sound.
    (
      "sparse.mp4",
      lavfi("color=c=gray:size=64x64:rate=0.1", seconds: 20)
        + lavfi("sine=frequency=440:sample_rate=48000", seconds: 20) + h264 + ["-c:a", "aac"]
    ),
    // A rewarded video longer than the 300 frames the allocation test counts.
    (
      "twenty-seconds.mp4",
      lavfi("testsrc2=size=320x180:rate=30", seconds: 20) + lavfi("sine=frequency=660:sample_rate=48000", seconds: 20)
        + h264 + ["-c:a", "aac"]
    ),
    (
      "too-wide.mp4",
      lavfi("color=c=blue:size=3842x64:rate=30", seconds: 0.1) + h264
    ),
    // The source of unstamped.mkv: 20 pictures at 10 fps, in a segment of unknown size without cues.
    (
      "unstamped-source.mkv",
      lavfi("color=c=gray:size=64x64:rate=10", seconds: 2) + h264 + ["-write_crc32", "0", "-live", "1"]
    ),
  ]

  /// H.264 in 4:2:0, encoded fast.
  private static let h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]

  private static func lavfi(_ source: String, seconds: Double) -> [String] {
    ["-f", "lavfi", "-t", String(seconds), "-i", source]
  }

  /// The folder shared by a run's test processes, named by the clips' digest, when
  /// `INTERMISSION_TEST_MEDIA` names a parent for it.
  private static let shared: URL? = ProcessInfo.processInfo.environment["INTERMISSION_TEST_MEDIA"]
    .flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0).appendingPathComponent("clips-\(digest)") }

  /// Where this process makes the clips: a folder of its own, removed as the process exits.
  private static let location = FileManager.default.temporaryDirectory.appendingPathComponent(
    "intermission-media-\(UUID().uuidString)")

  /// FNV-1a of every clip's name and arguments: another definition makes another shared folder.
  private static let digest: String = {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in clips.map({ ([$0.name] + $0.arguments).joined(separator: "\u{1}") }).joined(separator: "\u{2}").utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return String(hash, radix: 16)
  }()

  private static func generate() -> Result<URL, GenerationError> {
    guard let shared else {
      atexit { try? FileManager.default.removeItem(at: GeneratedMedia.location) }
      return make(into: location)
    }
    if FileManager.default.fileExists(atPath: shared.path) { return .success(shared) }
    // Made beside the shared folder, then renamed into place whole: a process that finds the folder
    // finds every clip in it. Two processes racing both make them; the second rename fails, and the
    // second process takes the first one's folder.
    let parent = shared.deletingLastPathComponent()
    let staging = parent.appendingPathComponent(".making-\(UUID().uuidString)")
    switch make(into: staging) {
    case .failure(let error):
      try? FileManager.default.removeItem(at: staging)
      return .failure(error)
    case .success:
      if rename(staging.path, shared.path) != 0 {
        try? FileManager.default.removeItem(at: staging)
        guard FileManager.default.fileExists(atPath: shared.path) else {
          return .failure(GenerationError(description: "could not move the clips to \(shared.path)"))
        }
      }
      return .success(shared)
    }
  }

  private static func make(into folder: URL) -> Result<URL, GenerationError> {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for clip in clips {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments =
          ["-hide_banner", "-loglevel", "error", "-y"] + clip.arguments
          + [folder.appendingPathComponent(clip.name).path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
          return .failure(GenerationError(description: "ffmpeg could not make \(clip.name)"))
        }
      }
      // Broken copies of the first clip: cut in half, a zero-length file, and bytes overwritten in
      // the middle.
      let whole = try Data(contentsOf: folder.appendingPathComponent("h264-aac.mp4"))
      try whole.prefix(whole.count / 2).write(to: folder.appendingPathComponent("truncated.mp4"))
      try Data().write(to: folder.appendingPathComponent("empty.mp4"))
      var corrupt = whole
      for index in stride(from: whole.count / 3, to: whole.count * 2 / 3, by: 97) { corrupt[index] ^= 0x5A }
      try corrupt.write(to: folder.appendingPathComponent("corrupt.mp4"))
      // Pictures without timestamps: laced five to a block with no durations, so that only each
      // block's first has a time (0, 0.5, 1 and 1.5 s).
      let source = try Data(contentsOf: folder.appendingPathComponent("unstamped-source.mkv"))
      try LacedMatroska.relace(source, framesPerBlock: 5).write(to: folder.appendingPathComponent("unstamped.mkv"))
      // A playlist that would have FFmpeg fetch from the network.
      try "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nhttp://127.0.0.1:9/segment.ts\n#EXT-X-ENDLIST\n"
        .write(to: folder.appendingPathComponent("remote.m3u8"), atomically: true, encoding: .utf8)
      return .success(folder)
    } catch {
      return .failure(GenerationError(description: "\(error)"))
    }
  }
}
