import IntermissionCore
import IntermissionVideo
import Testing

/// A picture decoded at one size and scaled to another (a video ad's poster), as the decoder
/// scales its frames.
@Suite("Picture scaling")
struct PictureScalingTests {
  /// A 4 x 2 picture, dark on the left and light on the right, doubled: each side keeps its luma
  /// (the columns between blend), and grey chroma stays grey.
  @Test func aScaledPictureKeepsItsHalvesAndItsChroma() throws {
    let luma: [UInt8] = [16, 16, 235, 235, 16, 16, 235, 235]
    let picture = YUVImage(width: 4, height: 2, planes: [luma, [128, 128], [128, 128]])
    let scaled = try picture.scaled(width: 8, height: 4)
    #expect(scaled.pixelWidth == 8 && scaled.pixelHeight == 4)
    #expect(scaled.planes.map(\.count) == [32, 8, 8])
    for row in 0..<4 {
      let line = scaled.planes[0][(row * 8)..<(row * 8 + 8)]
      #expect(line.prefix(2).allSatisfy { $0 <= 20 }, "the dark side: \(Array(line))")
      #expect(line.suffix(2).allSatisfy { $0 >= 230 }, "the light side: \(Array(line))")
    }
    #expect(
      scaled.planes[1].allSatisfy { (126...130).contains($0) }
        && scaled.planes[2].allSatisfy { (126...130).contains($0) })
  }

  /// A size that no picture has is refused with the reason, not scaled into.
  @Test func aSizeOutOfRangeIsRefused() {
    let picture = YUVImage(width: 2, height: 2, planes: [[16, 16, 16, 16], [128], [128]])
    for (width, height) in [(0, 2), (-4, 2), (8000, 2), (2, 4400)] {
      let error = #expect(throws: MediaDecoder.Failure.self) { try picture.scaled(width: width, height: height) }
      #expect(error?.description == "a picture size out of range", "\(width)x\(height)")
    }
  }
}
