import IntermissionCore

extension ConsentForm {
  /// Handles input while the form shows (it is modal: the game gets none).
  /// - Parameters:
  ///   - event: the input.
  ///   - size: the view's size.
  /// - Returns: what the overlay does next.
  package func handle(_ event: InputEvent, viewSize size: Size) -> Outcome {
    switch event {
    case .keyDown(.tab), .keyDown(.down):
      moveFocus(to: focus(after: focus), in: size)
    case .keyDown(.up):
      moveFocus(to: focus(before: focus), in: size)
    case .keyDown(.right):
      moveFocus(to: isMirrored ? focus(before: focus) : focus(after: focus), in: size)
    case .keyDown(.left):
      moveFocus(to: isMirrored ? focus(after: focus) : focus(before: focus), in: size)
    case .keyDown(.returnKey), .keyDown(.space):
      guard let focus else { break }
      let area = contentArea(in: size)
      if case .control = focus, !area.contains(frame(of: focus, in: size)) {
        // Scrolled away from it (by the wheel, or a drag): it comes into view, unchanged.
        moveFocus(to: focus, in: size)
        break
      }
      return activate(focus, byKeyboard: true)
    case .keyDown(.escape):
      if layer == .options && !isUnitedStates {
        layer = .first
        scroll = 0
        if focus != nil { focus = .button(.manageOptions) }
      } else if isDismissable {
        return .dismissed
      }
    case .keyDown(.pageDown):
      scroll(by: contentArea(in: size).height - 24, in: size)
    case .keyDown(.pageUp):
      scroll(by: -(contentArea(in: size).height - 24), in: size)
    case .keyDown(.home):
      scroll = 0
    case .keyDown(.end):
      scroll = maximumScroll(in: size)
    case .wheel(let dy):
      scroll(by: -dy * 48, in: size)
    case .pointerDown(let point):
      pressed = hit(point, in: size)
      // Elsewhere in the text or the list, the pointer drags the content (a touch screen, a mouse
      // without a wheel).
      drag = pressed == nil && contentArea(in: size).contains(point) ? (point.y, scroll) : nil
    case .pointerMoved(let point):
      if let drag {
        scroll = min(max(0, drag.scroll + drag.y - point.y), maximumScroll(in: size))
      }
    case .pointerUp(let point):
      defer {
        pressed = nil
        drag = nil
      }
      if let pressed, hit(point, in: size) == pressed { return activate(pressed, byKeyboard: false) }
    default:
      break
    }
    return .none
  }

  /// Scrolls the content by `delta` points, within its bounds.
  func scroll(by delta: Double, in size: Size) {
    scroll = min(max(0, scroll + delta), maximumScroll(in: size))
  }

  /// Moves the keyboard focus to `next`, scrolling a row's control into view.
  func moveFocus(to next: Focus, in size: Size) {
    focus = next
    guard case .control(let row, _) = next else { return }
    let area = contentArea(in: size)
    let top = rowTops[row]
    let bottom = top + height(ofRow: row)
    if top < scroll {
      scroll = top
    } else if bottom > scroll + area.height {
      scroll = min(bottom - area.height, top)
    }
    scroll = min(max(0, scroll), maximumScroll(in: size))
  }
}
