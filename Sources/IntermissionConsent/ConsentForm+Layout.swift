import IntermissionCore

extension ConsentForm {
  /// The space at the form's edges.
  static let margin = 16.0
  /// The gap between a row's controls.
  static let controlGap = 8.0

  /// The header's height in a view of `size`.
  func headerHeight(in size: Size) -> Double { size.height < 300 ? 32 : size.height < 400 ? 40 : 48 }

  /// Whether the view is as small as a 320×240 screen: tighter spacing and smaller type.
  func isCompact(_ size: Size) -> Bool { size.height < 300 }

  /// The height of a button along the bottom.
  func buttonHeight(in size: Size) -> Double { isCompact(size) ? 28 : size.height < 400 ? 32 : 44 }

  /// The gap between stacked buttons, and the footer's padding above and below them.
  func footerSpacing(in size: Size) -> (gap: Double, padding: Double) { isCompact(size) ? (4, 6) : (6, 10) }

  /// Whether the first layer's three buttons stand side by side (else one above the other).
  func buttonsInARow(in size: Size) -> Bool { size.width >= 600 }

  /// The footer's height in a view of `size`.
  func footerHeight(in size: Size) -> Double {
    let height = buttonHeight(in: size)
    let spacing = footerSpacing(in: size)
    if layer == .first && !buttonsInARow(in: size) { return 3 * height + 2 * spacing.gap + 2 * spacing.padding }
    return height + 2 * spacing.padding
  }

  /// The scrolled content's window: between the header and the footer.
  package func contentArea(in size: Size) -> Rect {
    let top = headerHeight(in: size)
    return Rect(x: 0, y: top, width: size.width, height: max(0, size.height - top - footerHeight(in: size)))
  }

  /// The content's height: the first layer's wrapped text, or the rows.
  package func contentHeight(in size: Size) -> Double {
    layer == .first ? (wrapped?.height ?? 0) : rowTops[rowTops.count - 1]
  }

  /// How far the content can scroll.
  func maximumScroll(in size: Size) -> Double { max(0, contentHeight(in: size) - contentArea(in: size).height) }

  /// `rect` as the form places it in a view `width` wide: mirrored when the form is.
  func placed(_ rect: Rect, width: Double) -> Rect {
    isMirrored ? Rect(x: width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) : rect
  }

  /// Where `button` is in a view of `size`.
  package func frame(of button: FormButton, in size: Size) -> Rect {
    if button == .back || button == .close {
      // In the header: Back at its leading edge, Close at its trailing one.
      let side = headerHeight(in: size) - 4
      let x = button == .back ? 2 : size.width - side - 2
      return placed(Rect(x: x, y: 2, width: side, height: side), width: size.width)
    }
    let height = buttonHeight(in: size)
    let spacing = footerSpacing(in: size)
    let top = size.height - footerHeight(in: size) + spacing.padding
    let margin = ConsentForm.margin
    guard layer == .first, let index = buttons.firstIndex(of: button) else {
      let width = min(240, max(44, size.width - 2 * margin))
      return Rect(x: (size.width - width) / 2, y: top, width: width, height: height)
    }
    if buttonsInARow(in: size) {
      let width = min(220, (size.width - 2 * margin - 24) / 3)
      let left = (size.width - 3 * width - 24) / 2
      return placed(
        Rect(x: left + Double(index) * (width + 12), y: top, width: width, height: height),
        width: size.width)
    }
    let width = min(360, max(44, size.width - 2 * margin))
    return Rect(
      x: (size.width - width) / 2, y: top + Double(index) * (height + spacing.gap), width: width, height: height)
  }

  /// Where row `row`'s `control` is in a view of `size`, as the content is scrolled now.
  package func frame(ofRow row: Int, _ control: ConsentFormControl, in size: Size) -> Rect {
    let controls = rows[row].controls
    let index = controls.firstIndex(of: control) ?? 0
    let margin = ConsentForm.margin
    let gap = ConsentForm.controlGap
    // A row's controls share its width: one alone may be as wide as three would be together.
    let count = Double(max(1, controls.count))
    let width = min(180, max(20, (size.width - 2 * margin - (count - 1) * gap - 8) / count))
    let top = contentArea(in: size).minY + rowTops[row] - scroll + height(ofRow: row) - 38
    return placed(Rect(x: margin + Double(index) * (width + gap), y: top, width: width, height: 30), width: size.width)
  }

  /// Where `focus` is in a view of `size`.
  package func frame(of focus: Focus, in size: Size) -> Rect {
    switch focus {
    case .button(let button): frame(of: button, in: size)
    case .control(let row, let control): frame(ofRow: row, control, in: size)
    }
  }

  /// Row `row`'s height as laid out now.
  package func height(ofRow row: Int) -> Double { rowTops[row + 1] - rowTops[row] }

  /// The row whose content spans `y` (from the content's top).
  func row(at y: Double) -> Int {
    var low = 0
    var high = rows.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if rowTops[middle] <= y { low = middle } else { high = middle - 1 }
    }
    return max(0, low)
  }

  /// The control at `point` in a view of `size`, if any.
  func hit(_ point: Point, in size: Size) -> Focus? {
    if let button = (buttons + headerButtons).first(where: { frame(of: $0, in: size).contains(point) }) {
      return .button(button)
    }
    let area = contentArea(in: size)
    guard layer == .options, !rows.isEmpty, area.contains(point) else { return nil }
    let row = row(at: point.y - area.minY + scroll)
    return rows[row].controls.first { frame(ofRow: row, $0, in: size).contains(point) }.map { .control(row: row, $0) }
  }

  // MARK: - Focus order

  /// The first control in reading order.
  var firstFocus: Focus {
    if layer == .first { return .button(.acceptAll) }
    return control(after: -1) ?? .button(.save)
  }

  /// The first control of the rows after `row`.
  private func control(after row: Int) -> Focus? {
    var next = row + 1
    while next < rows.count {
      if let control = rows[next].controls.first { return .control(row: next, control) }
      next += 1
    }
    return nil
  }

  /// The last control of the rows before `row`.
  private func control(before row: Int) -> Focus? {
    var previous = row - 1
    while previous >= 0 {
      if let control = rows[previous].controls.last { return .control(row: previous, control) }
      previous -= 1
    }
    return nil
  }

  /// The control after `focus` in reading order (the first after the last); the first without one.
  func focus(after focus: Focus?) -> Focus {
    guard let focus else { return firstFocus }
    switch focus {
    case .button(let button):
      let order = buttons
      guard let index = order.firstIndex(of: button) else { return firstFocus }
      return index + 1 < order.count ? .button(order[index + 1]) : firstFocus
    case .control(let row, let control):
      let controls = rows[row].controls
      if let index = controls.firstIndex(of: control), index + 1 < controls.count {
        return .control(row: row, controls[index + 1])
      }
      return self.control(after: row) ?? .button(.save)
    }
  }

  /// The control before `focus` in reading order (the last before the first); the last without one.
  func focus(before focus: Focus?) -> Focus {
    let last = Focus.button(buttons[buttons.count - 1])
    guard let focus else { return last }
    switch focus {
    case .button(let button):
      let order = buttons
      guard let index = order.firstIndex(of: button) else { return last }
      if index > 0 { return .button(order[index - 1]) }
      return layer == .first ? last : (control(before: rows.count) ?? last)
    case .control(let row, let control):
      let controls = rows[row].controls
      if let index = controls.firstIndex(of: control), index > 0 { return .control(row: row, controls[index - 1]) }
      return self.control(before: row) ?? last
    }
  }
}
