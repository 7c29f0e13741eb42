import Glibc
import IntermissionTestSupport
import IntermissionVideo
import Testing

/// A queue made to preroll decodes its file up to its first picture, rests there until `play()`,
/// then decodes on from where it rested, its sound included.
@Suite("Video prerolls")
struct VideoPrerollQueueTests {
  @Test func aPrerollDecodesItsFirstPictureAndRestsUntilPlayed() throws {
    let frames = VideoFrameQueue(opening: try GeneratedMedia.path("portrait.mp4"), audioChannels: 0, prerolls: true)
    try #require(frames.waitForFirstFrame(timeout: 10))
    // Half a second without one more picture: a queue that does not rest fills its 8 in far less.
    usleep(500_000)
    #expect(frames.mostQueued == 1)
    #expect(frames.isDecoding, "its worker waits, alive")
    frames.play()
    try VideoFrameQueueTests.fill(frames)
    #expect(frames.advance(to: 0)?.time == 0, "the rested picture is the first shown")
    frames.stop()
    #expect(frames.waitForWorkerEnd(timeout: 10))
  }

  /// The sound decoded before the first picture is kept through the rest: a prerolled queue, let
  /// go, hands over the same sound as one that never rested, chunk for chunk, up to where both
  /// wait with their 8 pictures queued.
  @Test func aPrerollKeepsTheSoundDecodedBeforeItsFirstPicture() throws {
    let path = try GeneratedMedia.path("h264-aac.mp4")
    func chunks(until frames: VideoFrameQueue, into sound: inout [String]) throws {
      try VideoFrameQueueTests.fill(frames)
      usleep(100_000)  // the worker waits for room: nothing more comes
      var taken: [AudioChunk] = []
      frames.takeSound(into: &taken)
      sound += taken.map { "\($0.time) \($0.sampleFrames)" }
    }
    let plain = VideoFrameQueue(opening: path, audioChannels: 2)
    var expected: [String] = []
    try chunks(until: plain, into: &expected)
    plain.stop()
    #expect(expected.count >= 5 && expected.first?.hasPrefix("0.0 ") == true, "\(expected)")

    let prerolled = VideoFrameQueue(opening: path, audioChannels: 2, prerolls: true)
    #expect(prerolled.audioChannels == 2)
    try #require(prerolled.waitForFirstFrame(timeout: 10))
    usleep(100_000)
    var sound: [String] = []
    var taken: [AudioChunk] = []
    prerolled.takeSound(into: &taken)  // what it decoded before resting
    sound += taken.map { "\($0.time) \($0.sampleFrames)" }
    prerolled.play()
    try chunks(until: prerolled, into: &sound)
    prerolled.stop()
    #expect(sound == expected)
  }
}
