import CIntermission
import IntermissionCore
import IntermissionOverlay
import IntermissionSurface

/// A surface overlay's own calls: its pixels, its size, and input as plain calls, each answering
/// whether the overlay took it (1), left it to the game (0), or refused it (an error).
extension EmbeddedOverlay {
  /// The surface's pixels, or nil (with the error set) for a renderer overlay.
  func surface() -> PixelCanvas? {
    guard case .surface(let pixels) = drawing else {
      _ = message.fail(ResultCode.wrongKind, "a renderer overlay draws on the game's renderer: it has no pixels")
      return nil
    }
    return pixels
  }

  /// Makes the surface `width` x `height` at `scale`; the banner follows.
  func resize(width: Int, height: Int, scale: Double) -> Int32 {
    guard let pixels = surface() else { return ResultCode.wrongKind }
    do {
      try pixels.resize(width: Double(width), height: Double(height), scale: scale)
    } catch let error as PixelCanvas.SizeError {
      return message.fail(ResultCode.invalidArgument, "\(error)")
    } catch {
      return message.fail(ResultCode.sdl, "\(error)")
    }
    overlay.viewSizeDidChange(to: pixels.size)
    return message.succeed()
  }

  /// Gives `event` to the overlay: 1 when it took it, 0 when it is the game's.
  func input(_ event: InputEvent) -> Int32 {
    _ = message.succeed()
    return overlay.handle(event) ? 1 : 0
  }

  /// Input the overlay does not read (another button, another key): taken while an ad covers the
  /// window, the game's otherwise.
  func unreadInput() -> Int32 {
    _ = message.succeed()
    return overlay.takesAllInput ? 1 : 0
  }

  /// The window is visible or not, focused or not.
  func windowState(visible: Bool, focused: Bool) -> Int32 {
    overlay.noteWindowMinimized(!visible)
    if focused && !isFocused { overlay.noteWindowFocusGained() }
    isFocused = focused
    return message.succeed()
  }

  /// The script's actions due at `now`, through the same calls a game makes, each traced as
  /// `input.injected` as the renderer overlay's are.
  func playDueInput(now: Double) {
    while scriptIndex < script.events.count, script.events[scriptIndex].time <= now + 1e-9 {
      let action = script.events[scriptIndex].action
      play(action)
      trace.emit(.inputInjected, ["input": .string(action.scriptText)])
      scriptIndex += 1
    }
  }

  private func play(_ action: ReplayScript.Action) {
    switch action {
    case .click(let point):
      _ = input(.pointerMoved(point))
      _ = input(.pointerDown(point))
      _ = input(.pointerUp(point))
    case .move(let point): _ = input(.pointerMoved(point))
    case .drag(let start, let end):
      _ = input(.pointerMoved(start))
      _ = input(.pointerDown(start))
      _ = input(.pointerMoved(end))
      _ = input(.pointerUp(end))
    case .key(let key):
      _ = input(.keyDown(key))
      _ = input(.keyUp(key))
    case .button(let button):
      _ = input(.keyDown(button.key))
      _ = input(.keyUp(button.key))
    case .wheel(let dy): _ = input(.wheel(dy: dy))
    case .minimize: _ = windowState(visible: false, focused: false)
    case .restore: _ = windowState(visible: true, focused: true)
    case .resize(let width, let height):
      if let pixels = surface() { _ = resize(width: width, height: height, scale: pixels.scale) }
    case .quit: break  // the game's own to hear; a surface overlay has no event queue
    }
  }

  /// The key `code` (`INTERMISSION_KEY_*`) stands for, or nil for another.
  static func key(_ code: Int32) -> Key? {
    switch code {
    case Int32(INTERMISSION_KEY_ESCAPE), Int32(INTERMISSION_KEY_BACK): .escape
    case Int32(INTERMISSION_KEY_RETURN): .returnKey
    case Int32(INTERMISSION_KEY_SPACE): .space
    case Int32(INTERMISSION_KEY_TAB): .tab
    case Int32(INTERMISSION_KEY_UP): .up
    case Int32(INTERMISSION_KEY_DOWN): .down
    case Int32(INTERMISSION_KEY_LEFT): .left
    case Int32(INTERMISSION_KEY_RIGHT): .right
    default: nil
    }
  }

  /// The controller button `code` (`INTERMISSION_GAMEPAD_*`) is, or nil for another.
  static func gamepadButton(_ code: Int32) -> ControllerButton? {
    switch code {
    case Int32(INTERMISSION_GAMEPAD_A): .a
    case Int32(INTERMISSION_GAMEPAD_B): .b
    case Int32(INTERMISSION_GAMEPAD_BACK): .back
    case Int32(INTERMISSION_GAMEPAD_START): .start
    case Int32(INTERMISSION_GAMEPAD_DPAD_UP): .up
    case Int32(INTERMISSION_GAMEPAD_DPAD_DOWN): .down
    case Int32(INTERMISSION_GAMEPAD_DPAD_LEFT): .left
    case Int32(INTERMISSION_GAMEPAD_DPAD_RIGHT): .right
    default: nil
    }
  }
}
