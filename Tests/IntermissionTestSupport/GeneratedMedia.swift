import Foundation

/// Test media made with the `ffmpeg` tool (`scripts/install-deps --test` installs it), once per test
/// process into a folder of its own, and shared by every test that needs a clip.
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
    (
      "too-wide.mp4",
      lavfi("color=c=blue:size=3842x64:rate=30", seconds: 0.1) + h264
    ),
  ]

  /// H.264 in 4:2:0, encoded fast.
  private static let h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]

  private static func lavfi(_ source: String, seconds: Double) -> [String] {
    ["-f", "lavfi", "-t", String(seconds), "-i", source]
  }

  /// Where the clips go: a folder of this test process's own, removed as the process exits.
  private static let location = FileManager.default.temporaryDirectory.appendingPathComponent(
    "intermission-media-\(UUID().uuidString)")

  private static func generate() -> Result<URL, GenerationError> {
    let folder = location
    atexit { try? FileManager.default.removeItem(at: GeneratedMedia.location) }
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
      // A playlist that would have FFmpeg fetch from the network.
      try "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nhttp://127.0.0.1:9/segment.ts\n#EXT-X-ENDLIST\n"
        .write(to: folder.appendingPathComponent("remote.m3u8"), atomically: true, encoding: .utf8)
      return .success(folder)
    } catch {
      return .failure(GenerationError(description: "\(error)"))
    }
  }
}
