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
  /// `input.injected` when it is played, as a renderer overlay's are when pushed; what the overlay
  /// does not take, and the script's quit, go to the game (`on_input`), as a renderer overlay's
  /// go through SDL's queue.
  func playDueInput(now: Double) {
    while scriptIndex < script.events.count, script.events[scriptIndex].time <= now + 1e-9 {
      let action = script.events[scriptIndex].action
      trace.emit(.inputInjected, ["input": .string(action.scriptText)])
      play(action)
      scriptIndex += 1
    }
  }

  private func play(_ action: ReplayScript.Action) {
    switch action {
    // A release whose press the overlay took is the overlay's too.
    case .click(let point):
      give(.pointerMoved(point))
      give(.pointerUp(point), pressTaken: give(.pointerDown(point)))
    case .move(let point): give(.pointerMoved(point))
    case .drag(let start, let end):
      give(.pointerMoved(start))
      let taken = give(.pointerDown(start))
      give(.pointerMoved(end), pressTaken: taken)
      give(.pointerUp(end), pressTaken: taken)
    case .key(let key): give(.keyUp(key), pressTaken: give(.keyDown(key)))
    case .button(let button):
      let taken = give(.keyDown(button.key), gamepad: button, pressed: true)
      give(.keyUp(button.key), gamepad: button, pressed: false, pressTaken: taken)
    case .wheel(let dy): give(.wheel(dy: dy))
    case .minimize:
      _ = windowState(visible: false, focused: false)
      callbacks.scripted(Self.input(Int32(INTERMISSION_INPUT_WINDOW), pressed: 0))
    case .restore:
      _ = windowState(visible: true, focused: true)
      callbacks.scripted(Self.input(Int32(INTERMISSION_INPUT_WINDOW), pressed: 1))
    case .resize(let width, let height):
      if let pixels = surface() { _ = resize(width: width, height: height, scale: pixels.scale) }
      callbacks.scripted(Self.input(Int32(INTERMISSION_INPUT_RESIZE), x: Double(width), y: Double(height)))
    case .quit: callbacks.scripted(Self.input(Int32(INTERMISSION_INPUT_QUIT)))
    }
  }

  /// Gives `event` to the overlay, and to the game (`on_input`) when the overlay did not take it
  /// (nor the press it ends, `pressTaken`). Returns whether the overlay took it.
  @discardableResult
  private func give(
    _ event: InputEvent, gamepad: ControllerButton? = nil, pressed: Bool = false, pressTaken: Bool = false
  ) -> Bool {
    let taken = overlay.handle(event) || overlay.takesAllInput
    guard !taken, !pressTaken else { return taken }
    defer { deliver(event, gamepad: gamepad, pressed: pressed) }
    return false
  }

  /// Hands the game `event` (`on_input`).
  private func deliver(_ event: InputEvent, gamepad: ControllerButton?, pressed: Bool) {
    if let gamepad {
      let code = Self.gamepadCode(gamepad)
      callbacks.scripted(Self.input(Int32(INTERMISSION_INPUT_GAMEPAD_BUTTON), code: code, pressed: pressed ? 1 : 0))
      return
    }
    switch event {
    case .pointerMoved(let point):
      callbacks.scripted(Self.input(Int32(INTERMISSION_INPUT_POINTER_MOVE), x: point.x, y: point.y))
    case .pointerDown(let point), .pointerUp(let point):
      let down: Int32 = if case .pointerDown = event { 1 } else { 0 }
      callbacks.scripted(
        Self.input(Int32(INTERMISSION_INPUT_POINTER_BUTTON), x: point.x, y: point.y, code: 1, pressed: down))
    case .wheel(let dy): callbacks.scripted(Self.input(Int32(INTERMISSION_INPUT_WHEEL), y: dy))
    case .keyDown(let key), .keyUp(let key):
      let down: Int32 = if case .keyDown = event { 1 } else { 0 }
      callbacks.scripted(Self.input(Int32(INTERMISSION_INPUT_KEY), code: Self.keyCode(key), pressed: down))
    }
  }

  private static func input(
    _ kind: Int32, x: Double = 0, y: Double = 0, code: Int32 = 0, pressed: Int32 = 0
  ) -> intermission_input {
    intermission_input(kind: kind, x: x, y: y, code: code, pressed: pressed)
  }

  /// The code `intermission_input` gives `key`: an `INTERMISSION_KEY_*`, a letter's or digit's
  /// lower-case ASCII code, or 0.
  static func keyCode(_ key: Key) -> Int32 {
    switch key {
    case .escape: Int32(INTERMISSION_KEY_ESCAPE)
    case .returnKey: Int32(INTERMISSION_KEY_RETURN)
    case .space: Int32(INTERMISSION_KEY_SPACE)
    case .tab: Int32(INTERMISSION_KEY_TAB)
    case .up: Int32(INTERMISSION_KEY_UP)
    case .down: Int32(INTERMISSION_KEY_DOWN)
    case .left: Int32(INTERMISSION_KEY_LEFT)
    case .right: Int32(INTERMISSION_KEY_RIGHT)
    case .character(let character): character.asciiValue.map { Int32($0) } ?? 0
    default: 0
    }
  }

  /// The `INTERMISSION_GAMEPAD_*` of `button`.
  static func gamepadCode(_ button: ControllerButton) -> Int32 {
    switch button {
    case .a: Int32(INTERMISSION_GAMEPAD_A)
    case .b: Int32(INTERMISSION_GAMEPAD_B)
    case .back: Int32(INTERMISSION_GAMEPAD_BACK)
    case .start: Int32(INTERMISSION_GAMEPAD_START)
    case .up: Int32(INTERMISSION_GAMEPAD_DPAD_UP)
    case .down: Int32(INTERMISSION_GAMEPAD_DPAD_DOWN)
    case .left: Int32(INTERMISSION_GAMEPAD_DPAD_LEFT)
    case .right: Int32(INTERMISSION_GAMEPAD_DPAD_RIGHT)
    case .leftShoulder: Int32(INTERMISSION_GAMEPAD_LEFT_SHOULDER)
    case .rightShoulder: Int32(INTERMISSION_GAMEPAD_RIGHT_SHOULDER)
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
    case Int32(INTERMISSION_GAMEPAD_LEFT_SHOULDER): .leftShoulder
    case Int32(INTERMISSION_GAMEPAD_RIGHT_SHOULDER): .rightShoulder
    default: nil
    }
  }
}
