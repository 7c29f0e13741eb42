import IntermissionCore

extension ConsentForm {
  /// The form's heading on the layer shown.
  package var heading: String {
    if isUnitedStates { return strings.text(.usTitle) }
    return layer == .first ? strings.text(.title) : strings.text(.manageOptions)
  }

  /// Where the form's own text starts: its leading edge, the right one when mirrored.
  var leading: TextAlignment { isMirrored ? .trailing : .leading }

  /// Draws the form over the whole of `canvas`.
  package func draw(on canvas: any Canvas) {
    let size = canvas.size
    let margin = ConsentForm.margin
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), color: Theme.background)
    let header = headerHeight(in: size)
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: header), color: Theme.panel)
    // The heading between the header's buttons (Back, Close), as wide as they leave.
    let side = header + margin
    let leadingRoom = headerButtons.contains(.back) ? side : margin
    let trailingRoom = headerButtons.contains(.close) ? side : margin
    canvas.drawText(
      heading, style: size.height < 400 ? .body : .heading, color: Theme.text,
      in: placed(
        Rect(x: leadingRoom, y: 0, width: max(0, size.width - leadingRoom - trailingRoom), height: header),
        width: size.width),
      alignment: leading, language: strings.language, truncating: true)
    for button in headerButtons { drawButton(button, style: .heading, on: canvas) }
    if layer == .options { scroll = min(scroll, maximumScroll(in: size)) }
    let area = contentArea(in: size)
    canvas.setClip(area)
    if layer == .first { drawText(on: canvas, in: area) } else { drawRows(on: canvas, in: area) }
    canvas.setClip(nil)
    drawScrollBar(on: canvas, in: area)
    let footerTop = size.height - footerHeight(in: size)
    canvas.fill(Rect(x: 0, y: footerTop, width: size.width, height: size.height - footerTop), color: Theme.panel)
    // Equal prominence: every button of a layer has the same size, colour and type, the largest
    // type in which every title fits.
    let room = frame(of: buttons[0], in: size).width - 12
    let largest: [TextStyle] =
      size.width >= 600 && size.height >= 400 ? [.heading, .body, .caption] : [.body, .caption]
    let style =
      largest.first { style in
        buttons.allSatisfy { canvas.measureText(title(of: $0), style: style, language: strings.language).width <= room }
      } ?? .caption
    for button in buttons { drawButton(button, style: style, on: canvas) }
  }

  private func drawButton(_ button: FormButton, style: TextStyle, on canvas: any Canvas) {
    let frame = frame(of: button, in: canvas.size)
    let focused = focus == .button(button)
    let color = pressed == .button(button) ? Theme.buttonPressed : focused ? Theme.buttonHover : Theme.button
    canvas.fill(frame, color: color)
    if focused { canvas.outline(frame, color: Theme.accent, thickness: 3) }
    canvas.drawText(
      title(of: button), style: style, color: Theme.text,
      in: frame.insetBy(dx: headerButtons.contains(button) ? 0 : 6, dy: 0), alignment: .center,
      language: strings.language, truncating: true)
  }

  /// The first layer's paragraphs, wrapped to the content's width once per width.
  private func drawText(on canvas: any Canvas, in area: Rect) {
    let width = max(0, area.width - 2 * ConsentForm.margin - 8)
    let compact = isCompact(canvas.size)
    if wrapped?.width != width || wrapped?.compact != compact {
      var lines: [(String, TextStyle, Double)] = []
      var y = 8.0
      for (index, paragraph) in paragraphs.enumerated() {
        // At 320×240 every paragraph is in the small type, so that more of it shows.
        let style = compact ? .caption : paragraph.style
        let lineHeight = style == .caption ? 20.0 : 24.0
        for line in canvas.wrapText(
          paragraph.text, style: style, width: width, maxLines: 40, language: strings.language)
        {
          lines.append((rightToLeft(line), style, y))
          y += lineHeight
        }
        // A list's items sit together; paragraphs stand apart.
        let nextIsItem = index + 1 < paragraphs.count && paragraphs[index + 1].text.hasPrefix("• ")
        y += nextIsItem && paragraph.text.hasPrefix("• ") ? 0 : 6
      }
      wrapped = (width, compact, lines, y + 8)
      scroll = min(scroll, maximumScroll(in: canvas.size))
    }
    guard let wrapped else { return }
    for (line, style, y) in wrapped.lines {
      let top = area.minY + y - scroll
      guard top + 24 >= area.minY, top <= area.maxY else { continue }
      canvas.drawText(
        line, style: style, color: style == .caption ? Theme.mutedText : Theme.text,
        in: placed(Rect(x: ConsentForm.margin, y: top, width: width, height: 24), width: area.width),
        alignment: leading, language: strings.language, truncating: true)
    }
  }

  /// The rows in view, each with its text and its controls.
  private func drawRows(on canvas: any Canvas, in area: Rect) {
    let width = max(0, area.width - 2 * ConsentForm.margin - 8)
    if wrappedWidth != width {
      wrappedWidth = width
      descriptionLines.removeAll(keepingCapacity: true)
      // Each description whole, its row as tall as its lines: once per width, by sums.
      var tops = [0.0]
      tops.reserveCapacity(rows.count + 1)
      for (index, row) in rows.enumerated() {
        var height = row.height
        if let description = row.description {
          let count = lines(of: index, description, style: .caption, maxLines: 12, on: canvas).count
          height = max(row.height, 30 + 20 * Double(count) + 42)
        }
        tops.append(tops[tops.count - 1] + height)
      }
      rowTops = tops
      scroll = min(scroll, maximumScroll(in: canvas.size))
    }
    guard !rows.isEmpty else { return }
    var index = row(at: scroll)
    while index < rows.count, rowTops[index] - scroll < area.height {
      drawRow(index, top: area.minY + rowTops[index] - scroll, width: width, on: canvas)
      index += 1
    }
  }

  private func drawRow(_ index: Int, top: Double, width: Double, on canvas: any Canvas) {
    let row = rows[index]
    let size = canvas.size
    func text(_ text: String, style: TextStyle, color: Color, y: Double, height: Double) {
      canvas.drawText(
        text, style: style, color: color,
        in: placed(Rect(x: ConsentForm.margin, y: y, width: width, height: height), width: size.width),
        alignment: leading, language: strings.language, truncating: true)
    }
    switch row {
    case .heading(let title):
      text(title, style: .body, color: Theme.accent, y: top + 10, height: 26)
      return
    case .notice(let notice):
      for (line, string) in lines(of: index, notice, style: .body, maxLines: 5, on: canvas).enumerated() {
        text(string, style: .body, color: Theme.text, y: top + 4 + Double(line) * 23, height: 23)
      }
      return
    default:
      text(row.name, style: .body, color: Theme.text, y: top + 4, height: 24)
    }
    switch row {
    case .purpose(_, _, let description, _), .specialFeature(_, _, let description),
      .customPurpose(_, _, let description):
      for (line, string) in lines(of: index, description, style: .caption, maxLines: 12, on: canvas).enumerated() {
        text(string, style: .caption, color: Theme.mutedText, y: top + 30 + Double(line) * 20, height: 20)
      }
    case .vendor(_, _, let details, _, _):
      text(details, style: .caption, color: Theme.mutedText, y: top + 30, height: 20)
    default:
      break
    }
    for control in row.controls { drawControl(row: index, control, on: canvas) }
    canvas.fill(
      Rect(
        x: ConsentForm.margin, y: top + height(ofRow: index) - 1, width: max(0, size.width - 2 * ConsentForm.margin),
        height: 1),
      color: Theme.panelAlternate)
  }

  /// `text` of row `index`, wrapped once per width.
  private func lines(of index: Int, _ text: String, style: TextStyle, maxLines: Int, on canvas: any Canvas)
    -> [String]
  {
    if let lines = descriptionLines[index] { return lines }
    let lines = canvas.wrapText(
      text, style: style, width: wrappedWidth, maxLines: maxLines, language: strings.language
    ).map(rightToLeft)
    descriptionLines[index] = lines
    return lines
  }

  private func drawControl(row: Int, _ control: ConsentFormControl, on canvas: any Canvas) {
    let frame = frame(ofRow: row, control, in: canvas.size)
    let focused = focus == .control(row: row, control)
    if control == .policy {
      let link = strings.text(.privacyPolicy)
      canvas.drawText(
        link, style: .caption, color: Theme.accent, in: frame.insetBy(dx: 6, dy: 0), alignment: leading,
        language: strings.language, truncating: true)
      // Underlined as far as the words go.
      let underline = min(frame.width - 12, canvas.measureText(link, style: .caption, language: strings.language).width)
      let start = placed(frame, width: canvas.size.width).minX + 6
      canvas.fill(
        placed(Rect(x: start, y: frame.maxY - 6, width: underline, height: 1), width: canvas.size.width),
        color: Theme.accent)
    } else {
      let isOn = isOn(row: row, control)
      canvas.fill(frame, color: pressed == .control(row: row, control) ? Theme.buttonPressed : Theme.panel)
      let box = placed(
        Rect(x: placed(frame, width: canvas.size.width).minX + 6, y: frame.minY + 6, width: 18, height: 18),
        width: canvas.size.width)
      if isOn {
        canvas.fill(box, color: Theme.button)
        canvas.fill(box.insetBy(dx: 5, dy: 5), color: Theme.text)
      } else {
        canvas.outline(box, color: Theme.mutedText, thickness: 2)
      }
      let label: String
      if case .usChoice = rows[row] {
        label = strings.text(.optOut)
      } else {
        label = control == .object ? strings.text(.object) : strings.text(.consent)
      }
      let labelFrame = placed(
        Rect(
          x: placed(frame, width: canvas.size.width).minX + 30, y: frame.minY, width: max(0, frame.width - 34),
          height: frame.height), width: canvas.size.width)
      canvas.drawText(
        label, style: .caption, color: Theme.text, in: labelFrame, alignment: leading, language: strings.language,
        truncating: true)
    }
    if focused { canvas.outline(frame, color: Theme.accent, thickness: 2) }
  }

  /// `line` as a mirrored form draws it: with a right-to-left mark first, so that a line that
  /// begins with a word in Latin letters (a name, "Google") still reads from the right.
  private func rightToLeft(_ line: String) -> String { isMirrored ? "\u{200F}" + line : line }

  /// A thin bar at the content's trailing edge when it scrolls: where the view is in it.
  private func drawScrollBar(on canvas: any Canvas, in area: Rect) {
    let total = contentHeight(in: canvas.size)
    guard total > area.height, area.height > 0 else { return }
    let thumb = max(24, area.height * area.height / total)
    let y = area.minY + (area.height - thumb) * scroll / max(1, total - area.height)
    canvas.fill(
      placed(Rect(x: area.width - 6, y: y, width: 4, height: thumb), width: area.width), color: Theme.mutedText)
  }
}
