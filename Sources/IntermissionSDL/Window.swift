import CSDL2
import IntermissionCore

/// An SDL window: either one it opened, which it owns and destroys in `deinit`, or a game's own,
/// which it borrows and never destroys.
package final class Window {
  let pointer: OpaquePointer
  /// Keeps SDL initialised for as long as a window it opened lives; nil for a borrowed window.
  let system: SDLSystem?
  /// SDL_ttf, for the fonts drawn in this window.
  package let fonts: FontLibrary
  private let ownsPointer: Bool

  /// Opens a resizable window, centred, allowing HiDPI output.
  /// - Throws: `SDLError` from `SDL_CreateWindow`.
  package init(system: SDLSystem, title: String, width: Int, height: Int, hidden: Bool) throws {
    self.system = system
    fonts = system.fonts
    ownsPointer = true
    var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    flags |= hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
    let centred = intermission_windowpos_centered()
    pointer = try SDLCall.nonNil(
      SDL_CreateWindow(title, centred, centred, CInt(width), CInt(height), flags), "SDL_CreateWindow")
  }

  /// Wraps a window the game opened (an `SDL_Window *`), without taking it over: it is never
  /// destroyed here, and the game keeps SDL initialised for as long as it uses Intermission.
  /// - Throws: `SDLError` from `TTF_Init`.
  package init(borrowing pointer: OpaquePointer) throws {
    self.pointer = pointer
    system = nil
    fonts = try FontLibrary()
    ownsPointer = false
  }

  deinit { if ownsPointer { SDL_DestroyWindow(pointer) } }

  /// The pixel format of the window's surface, which SDL's software renderer draws into; nil if it
  /// has none. Only for a window drawn by the software renderer: asking for the surface of a
  /// window that an accelerated renderer draws would make one.
  var surfaceFormat: UInt32? {
    SDL_GetWindowSurface(pointer).map { $0.pointee.format.pointee.format }
  }

  /// The SDL window id events carry.
  package var id: UInt32 { SDL_GetWindowID(pointer) }

  /// The size in window coordinates (what mouse events use).
  package var size: Size {
    var width: CInt = 0
    var height: CInt = 0
    SDL_GetWindowSize(pointer, &width, &height)
    return Size(width: Double(width), height: Double(height))
  }

  /// Resizes the window.
  package func setSize(width: Int, height: Int) {
    SDL_SetWindowSize(pointer, CInt(width), CInt(height))
  }

  /// Whether the window is minimised or hidden.
  package var isMinimizedOrHidden: Bool {
    let flags = SDL_GetWindowFlags(pointer)
    return flags & (SDL_WINDOW_MINIMIZED.rawValue | SDL_WINDOW_HIDDEN.rawValue) != 0
  }
}
