import CSDL2
import IntermissionCore

/// An SDL event turned into Swift at the boundary; nothing above the backend sees the C union.
package enum Event: Equatable {
  /// The user (or the script) asked to quit.
  case quit
  /// The window was minimised.
  case windowMinimized
  /// The window was hidden.
  case windowHidden
  /// The window was restored from minimised or maximised.
  case windowRestored
  /// The window was shown.
  case windowShown
  /// The window's size changed, in window coordinates.
  case windowResized(width: Int, height: Int)
  /// The window needs to be redrawn.
  case windowExposed
  /// The window got the keyboard focus (back from the browser, say).
  case windowFocusGained
  /// Input for the game, in window coordinates.
  case input(InputEvent)
  /// A game controller was connected, by its device index: open it to get its buttons.
  case controllerAdded(Int32)
  /// A wake-up pushed by another thread (finished ad loads).
  case wake
  /// Anything else, by SDL event type.
  case unknown(type: UInt32)

  /// Translates an SDL event from a game that uses Intermission's SDL module (`CSDL2`, exported by
  /// `IntermissionSDL`).
  package init(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      self = .quit
    case SDL_WINDOWEVENT:
      switch SDL_WindowEventID(UInt32(event.window.event)) {
      case SDL_WINDOWEVENT_MINIMIZED: self = .windowMinimized
      case SDL_WINDOWEVENT_HIDDEN: self = .windowHidden
      case SDL_WINDOWEVENT_RESTORED: self = .windowRestored
      case SDL_WINDOWEVENT_SHOWN: self = .windowShown
      case SDL_WINDOWEVENT_SIZE_CHANGED:
        self = .windowResized(width: Int(event.window.data1), height: Int(event.window.data2))
      case SDL_WINDOWEVENT_EXPOSED: self = .windowExposed
      case SDL_WINDOWEVENT_FOCUS_GAINED: self = .windowFocusGained
      default: self = .unknown(type: event.type)
      }
    case SDL_MOUSEMOTION:
      self = .input(.pointerMoved(Point(x: Double(event.motion.x), y: Double(event.motion.y))))
    case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
      self = .input(.pointerDown(Point(x: Double(event.button.x), y: Double(event.button.y))))
    case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
      self = .input(.pointerUp(Point(x: Double(event.button.x), y: Double(event.button.y))))
    case SDL_MOUSEWHEEL:
      let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
      let dy = Double(event.wheel.preciseY)
      self = .input(.wheel(dy: flipped ? -dy : dy))
    case SDL_KEYDOWN:
      if let key = KeyMapping.key(for: event.key.keysym.sym) {
        self = .input(.keyDown(key))
      } else {
        self = .unknown(type: event.type)
      }
    case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
      // A controller's buttons are the keys they stand for: B and Back go back, A activates.
      if let button = KeyMapping.controllerButton(for: event.cbutton.button) {
        self = .input(event.type == SDL_CONTROLLERBUTTONDOWN.rawValue ? .keyDown(button.key) : .keyUp(button.key))
      } else {
        self = .unknown(type: event.type)
      }
    case SDL_CONTROLLERDEVICEADDED:
      self = .controllerAdded(event.cdevice.which)
    case SDL_KEYUP:
      if let key = KeyMapping.key(for: event.key.keysym.sym) {
        self = .input(.keyUp(key))
      } else {
        self = .unknown(type: event.type)
      }
    default:
      self = event.type == EventPump.wakeEventType ? .wake : .unknown(type: event.type)
    }
  }
}

extension Event {
  /// The window an SDL event belongs to: the window ID of window, mouse and key events (0 when
  /// whoever pushed it named none), nil for events of no window.
  package static func windowID(of event: SDL_Event) -> UInt32? {
    switch SDL_EventType(event.type) {
    case SDL_WINDOWEVENT: event.window.windowID
    case SDL_MOUSEMOTION: event.motion.windowID
    case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP: event.button.windowID
    case SDL_MOUSEWHEEL: event.wheel.windowID
    case SDL_KEYDOWN, SDL_KEYUP: event.key.windowID
    default: nil
    }
  }

  /// Translates the `SDL_Event` at `pointer`, for a game whose SDL comes through another module:
  /// pass `&event`, whatever that module calls the type.
  package init(sdlEventAt pointer: UnsafeRawPointer) {
    self.init(pointer.loadUnaligned(as: SDL_Event.self))
  }

  /// The game input this event carries, if it is input (pointer, wheel, keys).
  package var input: InputEvent? {
    if case .input(let input) = self { return input }
    return nil
  }
}
