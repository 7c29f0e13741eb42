import CSDL2
import IntermissionCore

/// An SDL window; owns its pointer and destroys it in `deinit`.
public final class Window {
  let pointer: OpaquePointer
  /// Keeps SDL initialised for as long as the window lives.
  let system: SDLSystem

  /// Opens a resizable window, centred, allowing HiDPI output.
  /// - Throws: `SDLError` from `SDL_CreateWindow`.
  public init(system: SDLSystem, title: String, width: Int, height: Int, hidden: Bool) throws {
    self.system = system
    var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    flags |= hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
    let centred = intermission_windowpos_centered()
    pointer = try SDLCall.nonNil(
      SDL_CreateWindow(title, centred, centred, CInt(width), CInt(height), flags), "SDL_CreateWindow")
  }

  deinit { SDL_DestroyWindow(pointer) }

  /// The SDL window id events carry.
  public var id: UInt32 { SDL_GetWindowID(pointer) }

  /// The size in window coordinates (what mouse events use).
  public var size: Size {
    var width: CInt = 0
    var height: CInt = 0
    SDL_GetWindowSize(pointer, &width, &height)
    return Size(width: Double(width), height: Double(height))
  }

  /// Resizes the window.
  public func setSize(width: Int, height: Int) {
    SDL_SetWindowSize(pointer, CInt(width), CInt(height))
  }

  /// Whether the window is minimised or hidden.
  public var isMinimizedOrHidden: Bool {
    let flags = SDL_GetWindowFlags(pointer)
    return flags & (SDL_WINDOW_MINIMIZED.rawValue | SDL_WINDOW_HIDDEN.rawValue) != 0
  }
}
