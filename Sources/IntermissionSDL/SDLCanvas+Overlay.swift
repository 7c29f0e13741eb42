import CSDL2
import IntermissionCore

extension SDLCanvas {
  /// Draws an overlay with `draw` on a renderer that the game may draw with too.
  ///
  /// First the canvas follows the window: a size the canvas has not laid out yet (a resize that
  /// nobody told it of) is laid out now. Then `draw` runs with the canvas's scale, and the
  /// renderer's draw colour, blend mode, scale and clip are as they were afterwards, so that the
  /// game's next frame starts from its own state.
  public func drawOverlay(_ draw: () -> Void) {
    followWindow()
    drawPreservingRendererState(draw)
  }

  /// Runs `body`, which draws on this canvas, on a renderer that the game also draws with: the
  /// canvas's scale applies during `body`, and the game's draw colour, blend mode, scale and clip
  /// are as they were afterwards.
  public func drawPreservingRendererState(_ body: () -> Void) {
    renderer.preservingState {
      renderer.setScale(x: pixelScale.x, y: pixelScale.y)
      body()
    }
  }

  /// Lays the canvas out again when the window's size or the output's has changed since the last
  /// layout. A font that cannot be reopened keeps the old layout.
  func followWindow() {
    let output = target.outputSize(of: renderer)
    guard target.size != size || output != laidOutOutput else { return }
    try? updateLayout()
  }
}
