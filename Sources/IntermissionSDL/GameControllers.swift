import CSDL2

/// The game controllers a window's game has opened: SDL sends a controller's button events only
/// once it is opened. They close with this object, before SDL itself (which it keeps alive).
package final class GameControllers {
  private let system: SDLSystem
  private var opened: [OpaquePointer] = []

  /// Creates an empty set for the SDL of `system`.
  package init(system: SDLSystem) {
    self.system = system
  }

  deinit {
    for controller in opened { SDL_GameControllerClose(controller) }
  }

  /// How many controllers are open.
  package var count: Int { opened.count }

  /// Opens the controller at SDL device `index` (from `Event.controllerAdded`).
  /// - Returns: false if it is not a game controller SDL knows, or SDL cannot open it.
  @discardableResult
  package func open(deviceIndex index: Int32) -> Bool {
    guard SDL_IsGameController(index) == SDL_TRUE, let controller = SDL_GameControllerOpen(index) else { return false }
    opened.append(controller)
    return true
  }
}
