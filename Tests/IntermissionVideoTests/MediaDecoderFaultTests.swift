import IntermissionTestSupport
import IntermissionVideo
import Testing

/// Failures FFmpeg gives on its own only rarely, met on demand (`MediaDecoder.simulate`): a packet
/// refused with EAGAIN, a picture libswscale cannot convert, frames without a timestamp.
extension MediaDecoderTests {
  /// A decoder that refuses each packet once with EAGAIN (it still holds frames) loses none: each
  /// packet is sent again once the decoder is drained, and every picture and sample comes out as
  /// in a decode that was never refused.
  @Test func aPacketRefusedWithEAGAINIsSentAgainAndNoFrameIsLost() throws {
    let path = try GeneratedMedia.path("h264-aac.mp4")
    let plain = try MediaDecoderTests.decodeAll(path)
    let refused = try MediaDecoderTests.decodeAll(path, simulating: .sendRefused)
    #expect(plain.video.count == 60)
    #expect(refused.video.count == plain.video.count, "\(refused.video.count) pictures of \(plain.video.count)")
    #expect(refused.video.map(\.time) == plain.video.map(\.time))
    let samePictures = refused.video.map(\.planes) == plain.video.map(\.planes)
    #expect(samePictures, "the same pictures")
    #expect(refused.audioFrames == plain.audioFrames, "\(refused.audioFrames) sample frames of \(plain.audioFrames)")
  }

  /// Frames without a timestamp each get the time after the one before (its duration later, here
  /// 1/30 s): the times a decode with timestamps gives, never 0.
  @Test func framesWithoutATimestampFollowTheOneBefore() throws {
    let path = try GeneratedMedia.path("h264-aac.mp4")
    let stamped = try MediaDecoderTests.decodeAll(path).video.map(\.time)
    let unstamped = try MediaDecoderTests.decodeAll(path, simulating: .noTimestamps).video.map(\.time)
    #expect(unstamped.count == 60 && stamped.count == 60)
    #expect(zip(unstamped, unstamped.dropFirst()).allSatisfy { $0 < $1 }, "rising: \(unstamped)")
    let everyThirtieth = (0..<60).map { Double($0) / 30 }
    #expect(zip(unstamped, everyThirtieth).allSatisfy { abs($0 - $1) < 1e-9 }, "\(unstamped)")
    #expect(zip(unstamped, stamped).allSatisfy { abs($0 - $1) < 1e-9 }, "\(unstamped) against \(stamped)")
  }

  /// A picture libswscale cannot convert (4:4:4 to I420 here) fails its frame with the reason; a
  /// 4:2:0 picture of the view's size, which needs no conversion, decodes as before.
  @Test func aPictureThatCannotBeConvertedFailsWithItsReason() throws {
    let decoder = try MediaDecoder(path: GeneratedMedia.path("sixty.mp4"), audioChannels: 0)
    decoder.simulate(.scaleFails)
    // Each picture fails alike, the first and the next.
    for _ in 0..<2 {
      #expect {
        try decoder.next()
      } throws: {
        ($0 as? MediaDecoder.Failure)?.description == "the frame could not be converted: Invalid argument"
      }
    }
    let unconverted = try MediaDecoderTests.decodeAll(
      GeneratedMedia.path("red-no-audio.mp4"), simulating: .scaleFails)
    #expect(unconverted.video.count == 30)
  }
}
