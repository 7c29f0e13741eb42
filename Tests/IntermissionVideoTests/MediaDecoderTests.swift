import Foundation
import IntermissionTestSupport
import IntermissionVideo
import Testing

@Suite("Video decoding with FFmpeg")
struct MediaDecoderTests {
  /// Every frame of `path`, decoded to the end, meeting `faults` on the way.
  static func decodeAll(
    _ path: String, audioRate: Int = 44_100, simulating faults: MediaDecoder.SimulatedFaults = []
  ) throws -> (info: MediaDecoder.Info, video: [VideoFrame], audioFrames: Int) {
    let decoder = try MediaDecoder(path: path, audioRate: audioRate, audioChannels: 2)
    decoder.simulate(faults)
    var video: [VideoFrame] = []
    var audioFrames = 0
    while true {
      switch try decoder.next() {
      case .video(let frame): video.append(frame)
      case .audio(let chunk): audioFrames += chunk.sampleFrames
      case .end: return (decoder.info, video, audioFrames)
      }
    }
  }

  @Test func anH264AACClipDecodesEveryFrameAndItsSound() throws {
    let (info, video, audioFrames) = try MediaDecoderTests.decodeAll(GeneratedMedia.path("h264-aac.mp4"))
    #expect(info.width == 320 && info.height == 240)
    #expect(info.videoCodec == "h264" && info.audioCodec == "aac" && info.hasAudio)
    #expect(abs(info.frameRate - 30) < 0.01 && abs(info.duration - 2) < 0.1)
    #expect(video.count == 60)
    #expect(zip(video, video.dropFirst()).allSatisfy { $0.time < $1.time }, "in presentation order")
    #expect(abs(video[30].time - 1) < 0.001)
    #expect(video.allSatisfy { $0.planes[0].count == 320 * 240 && $0.planes[1].count == 160 * 120 })
    // 2 s at 44.1 kHz, give or take the encoder's priming.
    #expect(abs(audioFrames - 88_200) < 2_500, "\(audioFrames) sample frames")
  }

  struct EndedEarly: Error {}

  /// A frame the player is done with is decoded into again: the next picture lands in its planes
  /// (the same storage, taken from the caller), with its own time and pixels; sound leaves it.
  @Test func aSpareFrameIsDecodedIntoInPlace() throws {
    let decoder = try MediaDecoder(path: GeneratedMedia.path("steps.mp4"), audioChannels: 2)
    func nextPicture(reusing spare: inout VideoFrame?) throws -> VideoFrame {
      while true {
        let before = spare != nil
        switch try decoder.next(reusing: &spare) {
        case .video(let frame): return frame
        case .audio: #expect((spare != nil) == before, "sound leaves the spare")
        case .end: throw EndedEarly()
        }
      }
    }
    func storage(of frame: VideoFrame) -> [UInt] {
      frame.planes.map { $0.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
    }
    var none: VideoFrame?
    // The first frame is held by `spare` alone, as a frame handed back by the player is.
    var spare: VideoFrame? = try nextPicture(reusing: &none)
    let firstStorage = storage(of: try #require(spare))
    let firstLuma = try #require(spare).planes[0][0]
    var second = try nextPicture(reusing: &spare)
    #expect(spare == nil, "the spare was taken")
    #expect(storage(of: second) == firstStorage)
    #expect(second.time > 0 && second.planes[0].count == 320 * 180)
    // Thirty frames on, the picture is a step brighter: it was copied in, not left over.
    for _ in 0..<29 {
      var again: VideoFrame? = second
      second = try nextPicture(reusing: &again)
    }
    #expect(second.planes[0][0] > firstLuma &+ 30, "\(firstLuma) then \(second.planes[0][0])")
  }

  /// A file whose pictures mostly have no timestamp (laced five to a Matroska block without
  /// durations: only 0, 0.5, 1 and 1.5 s are stamped): each comes 0.1 s after the one before.
  @Test func picturesWithoutATimestampComeEachAfterTheOneBefore() throws {
    let times = try MediaDecoderTests.decodeAll(GeneratedMedia.path("unstamped.mkv")).video.map(\.time)
    #expect(times.count == 20)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "rising: \(times)")
    #expect(zip(times, (0..<20).map { Double($0) / 10 }).allSatisfy { abs($0 - $1) < 1e-9 }, "\(times)")
  }

  @Test func aVP9OpusWebMDecodesToo() throws {
    let (info, video, audioFrames) = try MediaDecoderTests.decodeAll(
      GeneratedMedia.path("vp9-opus.webm"), audioRate: 48_000)
    #expect(info.container.contains("webm") && info.videoCodec == "vp9" && info.audioCodec == "opus")
    #expect(video.count == 60)
    #expect(abs(audioFrames - 96_000) < 2_500, "\(audioFrames) sample frames")
  }

  /// The picture itself: a red clip's pixels are red in BT.601 (Y 81, U 90, V 240).
  @Test func aRedClipDecodesToRedPixelsWithoutAudio() throws {
    let (info, video, audioFrames) = try MediaDecoderTests.decodeAll(GeneratedMedia.path("red-no-audio.mp4"))
    #expect(!info.hasAudio && info.audioCodec == "" && audioFrames == 0)
    #expect(video.count == 30)
    let pixel = try #require(video.first).yuv(x: 80, y: 60)
    #expect(abs(Int(pixel.y) - 81) <= 4 && abs(Int(pixel.u) - 90) <= 4 && abs(Int(pixel.v) - 240) <= 4, "\(pixel)")
  }

  @Test func aPortraitClipAndASixtyFPSClipInAnotherPixelFormat() throws {
    let portrait = try MediaDecoderTests.decodeAll(GeneratedMedia.path("portrait.mp4"))
    #expect(portrait.info.width == 720 && portrait.info.height == 1280 && portrait.video.count == 30)
    // 4:4:4 in the file, converted to I420 by libswscale.
    let sixty = try MediaDecoderTests.decodeAll(GeneratedMedia.path("sixty.mp4"))
    #expect(abs(sixty.info.frameRate - 60) < 0.01 && sixty.video.count == 60)
    #expect(sixty.video[0].planes[1].count == 160 * 120)
  }

  /// Broken files: none crashes. An empty file and a network playlist do not open. A truncated one
  /// and one with corrupt bytes open, decode what they can and end without an error: the first half
  /// of the 60 frames (28 whole ones before the cut), and all but the 15 frames whose packets the
  /// corruption hit (from 1.067 s to 1.533 s), each at its own time. (The decoder gives up with
  /// "does not decode" only after 64 failures in a row; these files never get there.)
  @Test func brokenFilesNeverCrash() throws {
    #expect(throws: MediaDecoder.Failure.self) { try MediaDecoder(path: GeneratedMedia.path("empty.mp4")) }
    #expect(throws: MediaDecoder.Failure.self) { try MediaDecoder(path: GeneratedMedia.path("remote.m3u8")) }
    #expect(throws: MediaDecoder.Failure.self) { try MediaDecoder(path: "/nonexistent/clip.mp4") }
    func frameNumbers(_ video: [VideoFrame]) -> [Int] { video.map { Int(($0.time * 30).rounded()) } }
    let truncated = try MediaDecoderTests.decodeAll(GeneratedMedia.path("truncated.mp4"))
    #expect(frameNumbers(truncated.video) == Array(0..<28), "\(truncated.video.map(\.time))")
    let corrupt = try MediaDecoderTests.decodeAll(GeneratedMedia.path("corrupt.mp4"))
    #expect(frameNumbers(corrupt.video) == Array(0..<32) + Array(47..<60), "\(corrupt.video.map(\.time))")
    #expect(corrupt.video.allSatisfy { $0.planes[0].count == 320 * 240 })
  }

  /// A file whose pictures grow past 3840 x 2160 after it opened (64 x 64 for 8 s, then 3842 x 64):
  /// the larger picture is refused as it decodes, never handed over.
  @Test func aPictureThatGrowsPastTheLimitMidStreamIsRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grows-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func ffmpeg(_ arguments: [String]) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
      process.arguments = ["-v", "error", "-y"] + arguments
      process.currentDirectoryURL = folder
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "ffmpeg \(arguments)")
    }
    let h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-f", "h264"]
    try ffmpeg(["-f", "lavfi", "-t", "8", "-i", "color=c=gray:size=64x64:rate=10"] + h264 + ["small.h264"])
    try ffmpeg(["-f", "lavfi", "-t", "0.5", "-i", "color=c=blue:size=3842x64:rate=10"] + h264 + ["wide.h264"])
    var stream = try Data(contentsOf: folder.appendingPathComponent("small.h264"))
    stream.append(try Data(contentsOf: folder.appendingPathComponent("wide.h264")))
    try stream.write(to: folder.appendingPathComponent("grows.h264"))
    try ffmpeg(["-r", "10", "-f", "h264", "-i", "grows.h264", "-c", "copy", "grows.mkv"])
    let decoder = try MediaDecoder(path: folder.appendingPathComponent("grows.mkv").path, audioChannels: 0)
    #expect(decoder.info.width == 64 && decoder.info.height == 64, "the open sees the small pictures")
    var pictures = 0
    var refusal: MediaDecoder.Failure?
    decoding: while true {
      do {
        switch try decoder.next() {
        case .video(let frame):
          #expect(frame.width == 64)
          pictures += 1
        case .audio: continue
        case .end: break decoding
        }
      } catch {
        refusal = error
        break
      }
    }
    #expect(pictures == 80)
    #expect(refusal?.description == "video of 3842x64 pixels (at most 3840x2160)" && refusal?.isTooLarge == true)
  }

  @Test func aVideoLargerThan3840x2160IsRefusedAtOpen() throws {
    #expect {
      try MediaDecoder(path: GeneratedMedia.path("too-wide.mp4"))
    } throws: { "\($0)".contains("3842x64") && "\($0)".contains("at most 3840x2160") }
  }
}
