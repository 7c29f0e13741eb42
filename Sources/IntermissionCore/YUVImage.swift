/// A picture in I420 (planar YUV 4:2:0): a full-size luma plane and two chroma planes of half the
/// width and height, rounded up, tightly packed. A video's frames are uploaded as one; a canvas that
/// plays video takes it in `upload(_:)` and updates the same image with each next frame
/// (`Canvas.updateVideoImage(_:with:)`).
public final class YUVImage: DecodedImage, @unchecked Sendable {
  public private(set) var pixelWidth: Int
  public private(set) var pixelHeight: Int
  /// The Y, U and V planes.
  public private(set) var planes: [[UInt8]]

  /// The width of the chroma planes.
  public var chromaWidth: Int { (pixelWidth + 1) / 2 }
  /// The height of the chroma planes.
  public var chromaHeight: Int { (pixelHeight + 1) / 2 }

  /// Wraps `planes` (Y, then U, then V) of a `width` x `height` picture, without copying them.
  /// - Precondition: the planes have the sizes I420 gives that picture.
  public init(width: Int, height: Int, planes: [[UInt8]]) {
    YUVImage.check(width: width, height: height, planes: planes)
    pixelWidth = width
    pixelHeight = height
    self.planes = planes
  }

  /// Lets the planes go once a canvas has them (the image is one copy, the canvas's).
  public func dropPlanes() { planes = [] }

  /// Wraps the next picture of a video, `planes` of `width` x `height`, without copying them or
  /// allocating: a player hands the canvas the same image with each frame, and drops the planes
  /// once uploaded (so that its decoder may fill them again).
  /// - Precondition: the planes have the sizes I420 gives that picture.
  package func show(width: Int, height: Int, planes: [[UInt8]]) {
    YUVImage.check(width: width, height: height, planes: planes)
    pixelWidth = width
    pixelHeight = height
    self.planes = planes
  }

  private static func check(width: Int, height: Int, planes: [[UInt8]]) {
    precondition(width > 0 && height > 0 && planes.count == 3, "an I420 picture has three planes")
    precondition(planes[0].count == width * height, "the luma plane is width x height")
    let chroma = ((width + 1) / 2) * ((height + 1) / 2)
    precondition(planes[1].count == chroma && planes[2].count == chroma, "each chroma plane is a quarter")
  }
}
