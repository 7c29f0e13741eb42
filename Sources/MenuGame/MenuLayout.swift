import IntermissionCore

/// Where everything on the menu goes in a view of a given size, above the banner's inset and clear
/// of the pause button: a regular layout (title, subtitle, a band for the decoration, a column of
/// large buttons) where there is room, and a compact one (a smaller title or none, buttons in a
/// grid, short labels) where there is not. No two of its rectangles overlap.
package struct MenuLayout: Hashable, Sendable {
  /// The title's rectangle, or nil when there is no room for it (the window's title still names the
  /// game).
  package var title: Rect?
  /// The title's text style.
  package var titleStyle: TextStyle
  /// The subtitle's rectangle, regular layout only.
  package var subtitle: Rect?
  /// The band the decoration moves in, regular layout only: nothing else is drawn there.
  package var decoration: Rect?
  /// The buttons' rectangles, in `MenuScene.Item` order.
  package var buttons: [Rect]
  /// The buttons' label style.
  package var buttonStyle: TextStyle
  /// Whether this is the compact layout (no subtitle, no decoration, a grid of buttons).
  package var isCompact: Bool
  /// Whether the buttons are too narrow for their full labels and take the short ones.
  package var usesShortLabels: Bool { buttons.contains { $0.width < 150 } }

  /// The gap kept between rectangles and from the edges of the free area.
  package static let gap = 8.0
  /// The gap between the buttons of the compact grid.
  package static let gridSpacing = 4.0

  /// The layout for a view of `size` whose bottom `bottomInset` points are covered (the banner).
  package init(size: Size, bottomInset: Double, buttonCount: Int) {
    let gap = MenuLayout.gap
    let pause = PauseControl.buttonFrame(in: size)
    let freeBottom = max(0, size.height - bottomInset) - gap
    // Centred text keeps clear of the pause button on the right, and so of as much on the left.
    let sideInset = size.width - pause.minX + gap
    let textWidth = size.width - 2 * sideInset
    if freeBottom >= 392 && size.width >= 360 {
      isCompact = false
      titleStyle = .title
      buttonStyle = .heading
      let top = max(16, freeBottom * 0.05)
      let title = Rect(x: sideInset, y: top, width: textWidth, height: 56)
      let subtitle = Rect(x: sideInset, y: title.maxY + 2, width: textWidth, height: 26)
      let decoration = Rect(x: gap * 3, y: subtitle.maxY + gap, width: size.width - gap * 6, height: 28)
      self.title = title
      self.subtitle = subtitle
      self.decoration = decoration
      let width = min(300, size.width - 40)
      let spacing = 14.0
      let count = Double(buttonCount)
      // A third of the way down, as high as needed for full-height buttons, never over the band.
      let full = count * 52 + (count - 1) * spacing
      let start = max(decoration.maxY + 12, min(size.height * 0.36, freeBottom - full))
      let height = min(52, (freeBottom - start - (count - 1) * spacing) / count)
      buttons = (0..<buttonCount).map { index in
        Rect(x: (size.width - width) / 2, y: start + Double(index) * (height + spacing), width: width, height: height)
      }
      return
    }
    isCompact = true
    subtitle = nil
    decoration = nil
    // Two places the buttons may go: below a band with the title and the pause button, or, with
    // no title, everywhere left of the pause button. The first place and the fewest columns whose
    // buttons are comfortable win; otherwise the largest buttons that can still be hit.
    let titleStyle: TextStyle? = textWidth >= 160 ? .heading : textWidth >= 90 ? .caption : nil
    var candidates: [(title: Rect?, region: Rect)] = []
    if titleStyle != nil {
      candidates.append(
        (
          Rect(x: sideInset, y: pause.minY, width: textWidth, height: pause.height),
          Rect(x: gap, y: pause.maxY + gap, width: size.width - 2 * gap, height: freeBottom - pause.maxY - gap)
        ))
    }
    candidates.append((nil, Rect(x: gap, y: gap, width: pause.minX - 2 * gap, height: freeBottom - gap)))
    let spacing = MenuLayout.gridSpacing
    func grid(_ region: Rect, columns: Int) -> (width: Double, height: Double) {
      let rows = (buttonCount + columns - 1) / columns
      return (
        min(300, (region.width - Double(columns - 1) * spacing) / Double(columns)),
        min(52, (region.height - Double(rows - 1) * spacing) / Double(rows))
      )
    }
    var chosen: (candidate: Int, columns: Int)?
    var fallback = (candidate: candidates.count - 1, columns: 1, height: -Double.infinity)
    search: for (index, candidate) in candidates.enumerated() {
      for columns in 1...buttonCount {
        let cell = grid(candidate.region, columns: columns)
        if cell.height >= 34 && cell.width >= 120 {
          chosen = (index, columns)
          break search
        }
        let usable = cell.height >= 24 && cell.width >= 56
        let score = usable ? cell.height : cell.height - 1000
        if score > fallback.height { fallback = (index, columns, score) }
      }
    }
    let pick = chosen ?? (fallback.candidate, fallback.columns)
    let candidate = candidates[pick.candidate]
    title = candidate.title
    self.titleStyle = candidate.title == nil ? .caption : titleStyle ?? .caption
    let columns = pick.columns
    let cell = grid(candidate.region, columns: columns)
    let (buttonWidth, buttonHeight) = (cell.width, cell.height)
    let gridWidth = Double(columns) * buttonWidth + Double(columns - 1) * spacing
    let left = candidate.region.minX + (candidate.region.width - gridWidth) / 2
    buttons = (0..<buttonCount).map { index in
      let row = index / columns
      let column = index % columns
      return Rect(
        x: left + Double(column) * (buttonWidth + spacing),
        y: candidate.region.minY + Double(row) * (buttonHeight + spacing),
        width: buttonWidth, height: buttonHeight)
    }
    buttonStyle = buttonHeight >= 44 && buttonWidth >= 200 ? .heading : buttonHeight >= 32 ? .body : .caption
  }
}
