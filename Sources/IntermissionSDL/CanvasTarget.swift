import CSDL2
import IntermissionCore

/// What an `SDLCanvas` draws on: a window (the game's or the host's), or pixels the overlay owns
/// (`PixelTarget`) for a game that draws with anything else.
package protocol CanvasTarget: AnyObject {
  /// The size in window coordinates, which drawing and input use.
  var size: Size { get }
  /// SDL_ttf, for the fonts drawn on the target.
  var fonts: FontLibrary { get }
  /// The size in pixels that `renderer` draws into (larger than `size` on a HiDPI display).
  func outputSize(of renderer: Renderer) -> (width: Int, height: Int)
  /// On SDL's software renderer, the pixel format drawn into (images are kept in it, so that
  /// drawing them converts nothing); nil where textures live on a GPU.
  func softwareFormat(of renderer: Renderer) -> UInt32?
}

extension Window: CanvasTarget {
  package func outputSize(of renderer: Renderer) -> (width: Int, height: Int) { renderer.outputSize }

  package func softwareFormat(of renderer: Renderer) -> UInt32? { renderer.isSoftware ? surfaceFormat : nil }
}
