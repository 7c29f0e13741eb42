import IntermissionCore

/// A canvas that records what is drawn, as text, so tests can check draw order and content.
public final class RecordingCanvas: Canvas {
  public var size: Size
  public var pixelsPerPoint = 1.0
  public private(set) var operations: [String] = []
  public private(set) var texts: [String] = []
  /// The language each of `texts` was drawn in (nil: the game's).
  public private(set) var textLanguages: [String?] = []
  /// What `takeMissingGlyphs()` hands over next, as a canvas without a font for them would.
  public var missingGlyphs: [Unicode.Scalar] = []
  /// Where each of `texts` was drawn, and how it was aligned there.
  public private(set) var textPlacements: [(rect: Rect, alignment: TextAlignment)] = []
  /// Where each image was drawn, by its handle's number.
  public private(set) var imagePlacements: [(image: Int, rect: Rect)] = []
  /// The text engine it offers the overlay for rehearsals (none by default, as a canvas without one).
  public var textPreparer: (any TextPreparer)?
  /// Called with each text drawn, after it is recorded.
  public var onText: ((String) -> Void)?
  public private(set) var layerDraws = 0
  public private(set) var layerComposites = 0
  /// Whether `warmUpSceneLayer(_:)` runs the drawing it is given (off: it is only counted, and the
  /// scene's draws stay those of the frames).
  public var runsSceneLayerWarmUps = false
  /// The operations of each scene layer warm-up asked for, in order (empty when not run).
  public private(set) var sceneLayerWarmUps: [[String]] = []
  private var nextImage = 1

  public init(size: Size = Size(width: 800, height: 600)) {
    self.size = size
  }

  public func reset() {
    operations.removeAll()
    texts.removeAll()
    textLanguages.removeAll()
    textPlacements.removeAll()
    imagePlacements.removeAll()
  }

  public func clear(_ color: Color) { operations.append("clear") }
  public func fill(_ rect: Rect, color: Color) { operations.append("fill \(rect)") }
  public func outline(_ rect: Rect, color: Color, thickness: Double) { operations.append("outline \(rect)") }
  public func drawText(_ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment) {
    drawText(text, style: style, color: color, in: rect, alignment: alignment, language: nil, truncating: false)
  }
  public func drawText(
    _ text: String, style: TextStyle, color: Color, in rect: Rect, alignment: TextAlignment, language: String?,
    truncating: Bool
  ) {
    texts.append(text)
    textLanguages.append(language)
    textPlacements.append((rect, alignment))
    operations.append("text \(text)")
    onText?(text)
  }
  public func takeMissingGlyphs() -> [Unicode.Scalar] {
    defer { missingGlyphs.removeAll() }
    return missingGlyphs
  }
  public func measureText(_ text: String, style: TextStyle) -> Size {
    Size(width: Double(text.count) * style.pointSize * 0.6, height: style.pointSize * 1.2)
  }
  public func drawImage(_ image: ImageHandle, in rect: Rect, opacity: Double) {
    operations.append("image \(image.rawValue) \(rect) \(opacity)")
    imagePlacements.append((image.rawValue, rect))
  }
  public func setClip(_ rect: Rect?) {}
  /// When true, every upload fails (a lost renderer).
  public var refusesUploads = false
  public func upload(_ image: any DecodedImage) -> ImageHandle? {
    if refusesUploads { return nil }
    defer { nextImage += 1 }
    return ImageHandle(
      rawValue: nextImage, pixelSize: Size(width: Double(image.pixelWidth), height: Double(image.pixelHeight)))
  }
  public func discard(_ image: ImageHandle) { operations.append("discard \(image.rawValue)") }
  /// The luma of the top-left pixel of each video frame given to an image, in order.
  public private(set) var videoFrameLumas: [Int: [UInt8]] = [:]
  /// The pixel size ("WxH") of each video frame given to an image, in order.
  public private(set) var videoFrameSizes: [Int: [String]] = [:]
  public func updateVideoImage(_ image: ImageHandle, with frame: YUVImage) -> Bool {
    if refusesUploads { return false }
    videoFrameLumas[image.rawValue, default: []].append(frame.planes[0].first ?? 0)
    videoFrameSizes[image.rawValue, default: []].append("\(frame.pixelWidth)x\(frame.pixelHeight)")
    operations.append("video \(image.rawValue)")
    return true
  }
  public func drawIntoSceneLayer(_ draw: () -> Void) {
    layerDraws += 1
    operations.append("layer.begin")
    draw()
    operations.append("layer.end")
  }
  public func drawSceneLayer() {
    layerComposites += 1
    operations.append("layer.composite")
  }
  public func warmUpSceneLayer(_ draw: () -> Void) {
    guard runsSceneLayerWarmUps else {
      sceneLayerWarmUps.append([])
      return
    }
    let start = operations.count
    draw()
    sceneLayerWarmUps.append(Array(operations[start...]))
    operations.removeSubrange(start...)
  }
}
