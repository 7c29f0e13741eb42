import CFFmpeg
import IntermissionCore

/// A decoded picture in I420: a full-size luma plane and two quarter-size chroma planes, tightly
/// packed, at its presentation time.
package struct VideoFrame: Sendable {
  /// Seconds from the start of the file.
  package var time: Double
  /// Width in pixels.
  package var width: Int
  /// Height in pixels.
  package var height: Int
  /// The Y, U and V planes: `width` x `height`, then twice (`width` + 1) / 2 x (`height` + 1) / 2.
  package var planes: [[UInt8]]

  /// The width of the chroma planes.
  package var chromaWidth: Int { (width + 1) / 2 }
  /// The height of the chroma planes.
  package var chromaHeight: Int { (height + 1) / 2 }

  init(copying frame: intermission_media_frame) {
    time = 0
    width = 0
    height = 0
    planes = [[], [], []]
    overwrite(with: frame)
  }

  /// Copies `frame` in, into the planes this frame has when they are of its size (a recycled
  /// frame: no allocation, as long as nothing else shares them), else into new ones.
  mutating func overwrite(with frame: intermission_media_frame) {
    time = frame.time
    width = Int(frame.width)
    height = Int(frame.height)
    let chroma = ((width + 1) / 2, (height + 1) / 2)
    let sizes = [(width, height), chroma, chroma]
    let sources = [frame.planes.0, frame.planes.1, frame.planes.2]
    let pitches = [Int(frame.pitches.0), Int(frame.pitches.1), Int(frame.pitches.2)]
    if planes.count != 3 { planes = [[], [], []] }
    for plane in 0..<3 {
      let (columns, rows) = sizes[plane]
      if planes[plane].count != columns * rows { planes[plane] = [UInt8](repeating: 0, count: columns * rows) }
      planes[plane].withUnsafeMutableBufferPointer { target in
        guard let source = sources[plane] else { return target.update(repeating: 0) }
        for row in 0..<rows {
          (target.baseAddress! + row * columns).update(from: source + row * pitches[plane], count: columns)
        }
      }
    }
  }

  /// The picture as an image a canvas uploads, sharing its planes.
  package var image: YUVImage { YUVImage(width: width, height: height, planes: planes) }

  /// The Y, U and V values at (`x`, `y`).
  package func yuv(x: Int, y: Int) -> (y: UInt8, u: UInt8, v: UInt8) {
    (planes[0][y * width + x], planes[1][(y / 2) * chromaWidth + x / 2], planes[2][(y / 2) * chromaWidth + x / 2])
  }
}

/// Decoded sound: interleaved 32-bit float samples at the rate asked for, at its presentation time.
package struct AudioChunk: Sendable {
  /// Seconds from the start of the file.
  package var time: Double
  /// The channels interleaved in `samples`.
  package var channels: Int
  /// The samples, `channels` per sample frame.
  package var samples: [Float]

  /// How many sample frames it holds.
  package var sampleFrames: Int { channels > 0 ? samples.count / channels : 0 }

  init(copying frame: intermission_media_frame, channels: Int) {
    time = frame.time
    self.channels = channels
    let count = Int(frame.sample_frames) * channels
    samples = frame.samples.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  }
}
