import CFFmpeg
import IntermissionBasics
import IntermissionCore

extension YUVImage {
  /// This picture scaled to `width` x `height` (at least 2 x 2) with libswscale's bilinear
  /// filter, as the decoder scales the frames it is asked for at a size (`MediaDecoder.setOutputSize`):
  /// a picture decoded before the size it is drawn at was known (a video ad's poster) becomes
  /// close to the picture the playing decoder gives (which scales once, from the source's format;
  /// this scales the I420 copy again). Call it off the game's loop.
  /// - Throws: `MediaDecoder.Failure` when FFmpeg cannot be loaded, a size is out of range, or the
  ///   picture cannot be scaled.
  package func scaled(width: Int, height: Int) throws(MediaDecoder.Failure) -> YUVImage {
    // The bounds the decoder takes for its output (`intermission_media_set_output_size`).
    guard (2...7680).contains(width), (2...4320).contains(height) else {
      throw MediaDecoder.Failure(description: "a picture size out of range")
    }
    let chroma = ((width + 1) / 2) * ((height + 1) / 2)
    var luma = [UInt8](repeating: 0, count: width * height)
    var blue = [UInt8](repeating: 0, count: chroma)
    var red = [UInt8](repeating: 0, count: chroma)
    var error = [CChar](repeating: 0, count: 256)
    let status = planes[0].withUnsafeBufferPointer { y in
      planes[1].withUnsafeBufferPointer { u in
        planes[2].withUnsafeBufferPointer { v in
          luma.withUnsafeMutableBufferPointer { scaledY in
            blue.withUnsafeMutableBufferPointer { scaledU in
              red.withUnsafeMutableBufferPointer { scaledV in
                let from: [UnsafePointer<UInt8>?] = [y.baseAddress, u.baseAddress, v.baseAddress]
                let to: [UnsafeMutablePointer<UInt8>?] = [
                  scaledY.baseAddress, scaledU.baseAddress, scaledV.baseAddress,
                ]
                return intermission_media_scale_picture(
                  from, CInt(pixelWidth), CInt(pixelHeight), to, CInt(width), CInt(height), &error, error.count)
              }
            }
          }
        }
      }
    }
    guard status == 0 else {
      throw MediaDecoder.Failure(description: String(nulTerminated: error))
    }
    return YUVImage(width: width, height: height, planes: [luma, blue, red])
  }
}
