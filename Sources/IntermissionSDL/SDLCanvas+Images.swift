import CSDL2
import IntermissionCore

/// An uploaded image as the canvas keeps it: one texture, the only copy of the image.
struct KeptImage {
  /// The texture: at the image's own size until it is first drawn smaller, then at that size.
  var texture: Texture
  /// Whether the texture was replaced by one at the size it is drawn at (once only); a video's
  /// texture never is, since every frame is uploaded into it at the video's size.
  var isAtDrawnSize = false
  /// Whether it is a video's texture, updated with each frame.
  var isVideo = false
}

extension SDLCanvas {
  /// Uploads `image` (a `Surface`) as a texture: the canvas keeps that one copy, so the caller lets
  /// the surface go. On the software renderer the pixels are converted straight into the texture;
  /// on a GPU, through a converted copy that is freed at once.
  public func upload(_ image: any DecodedImage) -> ImageHandle? {
    if let frame = image as? YUVImage { return uploadVideo(frame) }
    guard let surface = image as? Surface, let texture = try? makeTexture(of: surface) else { return nil }
    let number = nextImageNumber
    nextImageNumber += 1
    images[number] = KeptImage(texture: texture)
    return ImageHandle(rawValue: number, pixelSize: Size(width: Double(texture.width), height: Double(texture.height)))
  }

  /// A video's first frame as a streaming YUV texture, which each next frame updates.
  private func uploadVideo(_ frame: YUVImage) -> ImageHandle? {
    guard let texture = try? Texture(renderer: renderer, video: frame) else { return nil }
    let number = nextImageNumber
    nextImageNumber += 1
    images[number] = KeptImage(texture: texture, isAtDrawnSize: true, isVideo: true)
    return ImageHandle(rawValue: number, pixelSize: Size(width: Double(texture.width), height: Double(texture.height)))
  }

  /// Uploads a video's next frame into its texture (`SDL_UpdateYUVTexture`).
  /// A frame of another size (the view was resized, and the worker scales to the new size) gets a
  /// texture of its own size in place of the old one.
  public func updateVideoImage(_ image: ImageHandle, with frame: YUVImage) -> Bool {
    guard var kept = images[image.rawValue], kept.isVideo else { return false }
    if kept.texture.width != frame.pixelWidth || kept.texture.height != frame.pixelHeight {
      guard let resized = try? Texture(renderer: renderer, video: frame) else { return false }
      kept.texture = resized
      images[image.rawValue] = kept
      return true
    }
    return (try? kept.texture.update(with: frame)) != nil
  }

  public func discard(_ image: ImageHandle) {
    images[image.rawValue] = nil
  }

  /// Draws an image into `rect`. The first time an image is drawn smaller than it is (a banner's
  /// creative in its slot, a full-screen one letterboxed), its texture is replaced by a bilinear
  /// copy at that size, made once: still one copy, and no frame after scales it again (which costs
  /// the software renderer, and a software OpenGL, the whole image in every frame). Other sizes are
  /// scaled as they are drawn.
  public func drawImage(_ image: ImageHandle, in rect: Rect, opacity: Double) {
    guard var kept = images[image.rawValue] else { return }
    let width = Int((rect.width * pixelScale.x).rounded())
    let height = Int((rect.height * pixelScale.y).rounded())
    guard width > 0, height > 0 else { return }
    if !kept.isAtDrawnSize, width <= kept.texture.width, height <= kept.texture.height {
      if width < kept.texture.width || height < kept.texture.height,
        let resized = try? kept.texture.resized(toWidth: width, height: height)
      {
        kept.texture = resized
      }
      kept.isAtDrawnSize = true
      images[image.rawValue] = kept
    }
    let texture = kept.texture
    let overwrites = texture.isOpaque && opacity >= 1
    texture.setBlending(!overwrites)
    // A video frame drawn at its own pixel size (the worker scaled it) takes the nearest pixel:
    // the same picture, at about half a software rasteriser's cost of a filtered one.
    let isOneToOne = width == texture.width && height == texture.height
    texture.setLinearScaling(
      kept.isVideo ? !isOneToOne : scalesLinearlyWithoutCopies(texture, overwrites: overwrites))
    texture.setModulation(Color(red: 255, green: 255, blue: 255).withOpacity(opacity))
    let x = (rect.minX * pixelScale.x).rounded() / pixelScale.x
    let y = (rect.minY * pixelScale.y).rounded() / pixelScale.y
    renderer.copy(
      texture, to: Rect(x: x, y: y, width: Double(width) / pixelScale.x, height: Double(height) / pixelScale.y))
  }

  private func makeTexture(of surface: Surface) throws -> Texture {
    if softwareWindowFormat != nil, surface.canConvertPixels {
      return try Texture(renderer: renderer, converting: surface, to: surface.canvasFormat)
    }
    return try Texture(renderer: renderer, surface: surface.inCanvasFormat())
  }

  /// Whether `texture` is scaled with bilinear filtering as it is drawn: always on a GPU. SDL's
  /// software renderer filters straight into its target only when the copy overwrites it in the
  /// target's own format; any other filtered copy makes temporary surfaces in every frame, so it
  /// takes the nearest pixel instead (a translucent image, or the moment of a fade).
  private func scalesLinearlyWithoutCopies(_ texture: Texture, overwrites: Bool) -> Bool {
    guard let windowFormat = softwareWindowFormat else { return true }
    let targetFormat = isDrawingIntoSceneLayer ? sceneLayer?.pixelFormat : windowFormat
    return overwrites && texture.pixelFormat == targetFormat
  }
}
