import CSDL2
import IntermissionCore

/// Maps between SDL key codes and the core's `Key`.
enum KeyMapping {
  private static let named: [(SDL_KeyCode, Key)] = [
    (SDLK_ESCAPE, .escape), (SDLK_RETURN, .returnKey), (SDLK_KP_ENTER, .returnKey), (SDLK_SPACE, .space),
    (SDLK_TAB, .tab), (SDLK_BACKSPACE, .backspace), (SDLK_UP, .up), (SDLK_DOWN, .down),
    (SDLK_LEFT, .left), (SDLK_RIGHT, .right), (SDLK_PAGEUP, .pageUp), (SDLK_PAGEDOWN, .pageDown),
    (SDLK_HOME, .home), (SDLK_END, .end),
  ]

  /// The key for an SDL key code, or nil for keys the host does not use.
  static func key(for code: SDL_Keycode) -> Key? {
    if let match = named.first(where: { SDL_Keycode($0.0.rawValue) == code }) { return match.1 }
    if (97...122).contains(code) || (48...57).contains(code), let scalar = Unicode.Scalar(UInt32(code)) {
      return .character(Character(scalar))
    }
    return nil
  }

  /// The SDL key code for a key.
  static func code(for key: Key) -> SDL_Keycode {
    let code: SDL_KeyCode =
      switch key {
      case .escape: SDLK_ESCAPE
      case .returnKey: SDLK_RETURN
      case .space: SDLK_SPACE
      case .tab: SDLK_TAB
      case .backspace: SDLK_BACKSPACE
      case .up: SDLK_UP
      case .down: SDLK_DOWN
      case .left: SDLK_LEFT
      case .right: SDLK_RIGHT
      case .pageUp: SDLK_PAGEUP
      case .pageDown: SDLK_PAGEDOWN
      case .home: SDLK_HOME
      case .end: SDLK_END
      case .character(let character): SDL_KeyCode(UInt32(character.asciiValue ?? 0))
      }
    return SDL_Keycode(code.rawValue)
  }

  /// SDL's code for a game controller button.
  static func controllerCode(for button: ControllerButton) -> SDL_GameControllerButton {
    switch button {
    case .a: SDL_CONTROLLER_BUTTON_A
    case .b: SDL_CONTROLLER_BUTTON_B
    case .back: SDL_CONTROLLER_BUTTON_BACK
    case .start: SDL_CONTROLLER_BUTTON_START
    case .up: SDL_CONTROLLER_BUTTON_DPAD_UP
    case .down: SDL_CONTROLLER_BUTTON_DPAD_DOWN
    case .left: SDL_CONTROLLER_BUTTON_DPAD_LEFT
    case .right: SDL_CONTROLLER_BUTTON_DPAD_RIGHT
    case .leftShoulder: SDL_CONTROLLER_BUTTON_LEFTSHOULDER
    case .rightShoulder: SDL_CONTROLLER_BUTTON_RIGHTSHOULDER
    }
  }

  /// The button SDL's code stands for, if it is one the host maps.
  static func controllerButton(for code: UInt8) -> ControllerButton? {
    ControllerButton.allCases.first { UInt8(bitPattern: Int8(controllerCode(for: $0).rawValue)) == code }
  }
}
