import Intermission
import IntermissionCore
import IntermissionOverlay
import IntermissionSDL

/// The ad overlay drawn as a game on any engine draws it (`--overlay surface`): into pixels of its
/// own (a `PixelCanvas`), whose changed rectangle is uploaded into one texture of the window's
/// renderer and drawn over the scene. Everything else (input, time, holds) goes to the overlay as
/// it is. The demo's screenshots drawn so are compared with the renderer path's in the tests.
final class SurfaceDrawnOverlay: AdOverlayDrawing {
  /// The overlay drawn.
  let ads: AdOverlay
  /// The pixels it draws into.
  let pixels: PixelCanvas
  private let upload: PixelUpload
  /// What a failed upload left out, uploaded with the next frame's change.
  private var notUploaded = PixelRect.empty

  /// Draws `ads` into pixels the size and scale of `canvas`, uploaded to `canvas`'s renderer.
  /// - Throws: `PixelCanvas.SizeError` or `SDLError` when the pixels cannot be made.
  init(ads: AdOverlay, over canvas: SDLCanvas, fontPath: String) throws {
    self.ads = ads
    pixels = try PixelCanvas(
      width: canvas.size.width, height: canvas.size.height, scale: canvas.pixelsPerPoint, fontPath: fontPath)
    upload = PixelUpload(renderer: canvas.renderer)
  }

  /// The canvas the overlay draws its text on: the pixels', for its text to be prepared there.
  var textCanvas: SDLCanvas { pixels.canvas }

  func frameDidBegin(at hostTime: Double) { ads.frameDidBegin(at: hostTime) }
  func update(hostTime: Double) { ads.update(hostTime: hostTime) }
  func handle(_ event: InputEvent) -> Bool { ads.handle(event) }
  var isAnimating: Bool { ads.isAnimating }
  var nextWakeTime: Double? { ads.nextWakeTime }
  var needsDisplay: Bool { ads.needsDisplay }
  var bottomInset: Double { ads.bottomInset }
  var coversView: Bool { ads.coversView }
  func runningSceneDidChange(to scene: Scene?) { ads.runningSceneDidChange(to: scene) }
  func viewSizeDidChange(to size: Size) { ads.viewSizeDidChange(to: size) }

  func draw(on canvas: any Canvas) {
    guard let window = canvas as? SDLCanvas else { return }
    if pixels.size != window.size || pixels.scale != window.pixelsPerPoint {
      try? pixels.resize(width: window.size.width, height: window.size.height, scale: window.pixelsPerPoint)
    }
    ads.draw(on: pixels)
    let frame = pixels.takeFrame()
    let dirty = notUploaded.union(frame.dirty)
    do {
      try upload.upload(frame.pixels, width: frame.width, height: frame.height, pitch: frame.pitch, dirty: dirty)
      notUploaded = .empty
    } catch {
      notUploaded = dirty
    }
    window.drawOverlay { upload.draw(in: Rect(x: 0, y: 0, width: window.size.width, height: window.size.height)) }
  }
}
