import IntermissionCore

/// A scrollable list (Credits, Leaderboard): mouse wheel, drag, and keys (Up, Down, PageUp,
/// PageDown, Home, End). The bottom inset is honoured, so the last row scrolls fully into view above
/// whatever covers the bottom of the window. Escape or Back goes back.
package final class ListScene: Scene {
  /// One row: text on the left and, optionally, on the right.
  package struct Row: Hashable, Sendable {
    /// The main text.
    package var leading: String
    /// The right-aligned detail.
    package var trailing: String

    /// Creates a row.
    package init(_ leading: String, _ trailing: String = "") {
      self.leading = leading
      self.trailing = trailing
    }
  }

  /// The rows, top first.
  package let rows: [Row]
  /// The title shown in the header.
  package let title: String
  /// Height of one row.
  package static let rowHeight = 44.0
  /// Height of the header above the list.
  package static let headerHeight = 70.0

  /// How far the list is scrolled, 0 at the top.
  package private(set) var scrollOffset = 0.0
  private var backButton = Button(title: "Back")
  private var dragStart: (pointerY: Double, offset: Double)?

  /// Creates a list scene.
  package init(name: String, title: String, rows: [Row]) {
    self.rows = rows
    self.title = title
    super.init(name: name)
  }

  // MARK: - Geometry

  /// The area rows are drawn in: below the header, to the bottom of the window (rows may pass under
  /// the banner, but can always be scrolled out from under it).
  package var listArea: Rect {
    let size = viewSize
    return Rect(
      x: 0, y: ListScene.headerHeight, width: size.width, height: max(0, size.height - ListScene.headerHeight))
  }

  /// The height of the list's content, rows plus padding.
  package var contentHeight: Double { Double(rows.count) * ListScene.rowHeight + 8 }

  /// The largest scroll offset: the last row then sits fully above the bottom inset.
  package var maxScrollOffset: Double {
    max(0, contentHeight - (listArea.height - bottomInset))
  }

  /// The frame of row `index` at the current scroll offset.
  package func rowFrame(_ index: Int) -> Rect {
    Rect(
      x: 16, y: listArea.minY + 4 + Double(index) * ListScene.rowHeight - scrollOffset,
      width: max(0, listArea.width - 32), height: ListScene.rowHeight - 4)
  }

  /// Where a pushed scene's Back button is in a view of `size`: level with the pause button.
  package static func headerBackFrame(in size: Size) -> Rect { SceneHeader.backFrame(in: size) }

  /// Where a pushed scene's title is in a view of `size`, between its two buttons; nil without room.
  package static func headerTitleFrame(in size: Size) -> Rect? { SceneHeader.titleFrame(in: size) }

  /// Scrolls to `offset`, clamped to the valid range.
  package func scroll(to offset: Double) {
    scrollOffset = min(max(0, offset), maxScrollOffset)
  }

  package override func layoutDidChange() {
    backButton.frame = SceneHeader.backFrame(in: viewSize)
    scroll(to: scrollOffset)
  }

  // MARK: - Input

  package override func handle(_ event: InputEvent) -> Bool {
    let page = max(ListScene.rowHeight, listArea.height - bottomInset - ListScene.rowHeight)
    switch event {
    case .keyDown(.escape), .keyDown(.backspace):
      director?.pop()
      return true
    case .keyDown(.down): scroll(to: scrollOffset + ListScene.rowHeight)
    case .keyDown(.up): scroll(to: scrollOffset - ListScene.rowHeight)
    case .keyDown(.pageDown), .keyDown(.space): scroll(to: scrollOffset + page)
    case .keyDown(.pageUp): scroll(to: scrollOffset - page)
    case .keyDown(.home): scroll(to: 0)
    case .keyDown(.end): scroll(to: maxScrollOffset)
    case .wheel(let dy): scroll(to: scrollOffset - dy * ListScene.rowHeight * 1.5)
    default:
      return handlePointer(event)
    }
    return true
  }

  private func handlePointer(_ event: InputEvent) -> Bool {
    if let consumed = SceneHeader.handleBack(event, button: &backButton, director: director) { return consumed }
    switch event {
    case .pointerDown(let point) where listArea.contains(point):
      dragStart = (point.y, scrollOffset)
      return true
    case .pointerMoved(let point):
      guard let dragStart else { return false }
      scroll(to: dragStart.offset + (dragStart.pointerY - point.y))
      return true
    case .pointerUp:
      let wasDragging = dragStart != nil
      dragStart = nil
      return wasDragging
    default:
      return false
    }
  }

  // MARK: - Drawing

  package override func draw(on canvas: any Canvas) {
    let size = viewSize
    let area = listArea
    canvas.setClip(area)
    let first = max(0, Int((scrollOffset - 4) / ListScene.rowHeight))
    var index = first
    while index < rows.count {
      let frame = rowFrame(index)
      if frame.minY > area.maxY { break }
      canvas.fill(frame, color: index % 2 == 0 ? Theme.panel : Theme.panelAlternate)
      let textFrame = frame.insetBy(dx: 14, dy: 0)
      canvas.drawText(rows[index].leading, style: .body, color: Theme.text, in: textFrame, alignment: .leading)
      if !rows[index].trailing.isEmpty {
        canvas.drawText(rows[index].trailing, style: .body, color: Theme.accent, in: textFrame, alignment: .trailing)
      }
      index += 1
    }
    canvas.setClip(nil)
    drawScrollbar(on: canvas)
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: ListScene.headerHeight), color: Theme.background)
    if let titleFrame = SceneHeader.titleFrame(in: size) {
      canvas.drawText(title, style: .heading, color: Theme.text, in: titleFrame, alignment: .center)
    }
    backButton.draw(on: canvas, style: SceneHeader.backStyle(in: size))
  }

  /// Where the scrollbar's thumb is, or nil when everything fits: in the right margin, its length
  /// the visible share of the list, its place the scroll position (above the bottom inset).
  package var scrollbarThumb: Rect? {
    guard maxScrollOffset > 0 else { return nil }
    let area = listArea
    let visible = max(0, area.height - bottomInset)
    let length = max(24, visible * visible / contentHeight)
    let travel = max(0, visible - length)
    return Rect(x: area.maxX - 11, y: area.minY + travel * scrollOffset / maxScrollOffset, width: 6, height: length)
  }

  private func drawScrollbar(on canvas: any Canvas) {
    guard let thumb = scrollbarThumb else { return }
    let area = listArea
    canvas.fill(
      Rect(x: thumb.minX, y: area.minY, width: thumb.width, height: max(0, area.height - bottomInset)),
      color: Theme.panelAlternate)
    canvas.fill(thumb, color: Theme.mutedText)
  }

  // MARK: - The demo's lists

  /// The credits list.
  package static func credits() -> ListScene {
    let lines: [(String, String)] = [
      ("Intermission", "a game-loop host with an ad break"),
      ("Director", "after cocos2d-x's CCDirector"), ("Ad overlay", "after iAd's ADBannerView"),
      ("Swift", "Apache 2.0 with Runtime Library Exception"),
      ("SDL2", "zlib licence"), ("SDL2_ttf", "zlib licence"), ("SDL2_image", "zlib licence"),
      ("SDL2_mixer", "zlib licence"), ("FreeType", "FreeType License (FTL)"), ("HarfBuzz", "MIT"),
      ("libpng", "PNG Reference Library License"), ("libjpeg-turbo", "IJG and BSD-3-Clause"),
      ("DejaVu fonts", "Bitstream Vera licence"), ("libintermission.so", "links the Swift runtime"),
      ("Sounds and creatives", "made by scripts in the repository"),
      ("Thanks", "everyone who paused a game"),
    ]
    return ListScene(name: "Credits", title: "Credits", rows: lines.map { Row($0.0, $0.1) })
  }

  /// The leaderboard: 60 players with deterministic names and descending scores.
  package static func leaderboard() -> ListScene {
    let first = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Ken", "Dennis", "Margaret", "Linus"]
    let last = ["Rivers", "Stone", "Vale", "Marsh", "Hart", "Quill"]
    var rows: [Row] = []
    for rank in 1...60 {
      let name = first[(rank * 7) % first.count] + " " + last[(rank * 5) % last.count]
      rows.append(Row("\(rank). \(name)", String(100_000 - rank * 1_337)))
    }
    return ListScene(name: "Leaderboard", title: "Leaderboard", rows: rows)
  }
}
