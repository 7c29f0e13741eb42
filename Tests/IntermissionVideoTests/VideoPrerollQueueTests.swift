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

  /// The sound decoded before the first picture is kept through the rest: played, it starts at 0.
  @Test func aPrerollKeepsTheSoundDecodedBeforeItsFirstPicture() throws {
    let frames = VideoFrameQueue(opening: try GeneratedMedia.path("h264-aac.mp4"), audioChannels: 2, prerolls: true)
    #expect(frames.audioChannels == 2)
    try #require(frames.waitForFirstFrame(timeout: 10))
    frames.play()
    #expect(frames.advance(to: 0, waitsForDecoding: true)?.time == 0)
    var sound: [AudioChunk] = []
    for _ in 0..<500 where sound.isEmpty {
      frames.takeSound(into: &sound)
      if sound.isEmpty { usleep(10_000) }
    }
    let first = try #require(sound.first)
    #expect(abs(first.time) < 0.05, "the sound starts at \(first.time) s")
    frames.stop()
  }
}
