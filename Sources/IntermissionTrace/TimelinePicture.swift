import IntermissionCore

/// A timeline as one SVG picture: pure SVG with no script, so that it shows in a browser, in a
/// file viewer and on GitHub.
///
/// The time axis is in host seconds, with frame numbers beside the ticks. Each lane is a row of
/// bars; the marks share a row per kind. A long run stays a picture of reasonable size: bars closer
/// than a pixel merge, and marks closer than a few pixels become one with a count.
///
/// The root element carries the axis's scale (`data-t0`, `data-x0`, `data-px-per-second`) and each
/// bar its lane (`data-lane`), so that tools and tests can read the picture back.
package struct TimelinePicture {
  /// The picture's width in pixels.
  package var width = 1200.0
  /// Where the plot begins, after the lane labels.
  package var plotLeft = 150.0
  /// Pixels between the plot and the right edge.
  package var rightMargin = 44.0
  /// One lane's height.
  package var laneHeight = 22.0
  /// Marks this close (in pixels) merge into one with a count.
  package var markSpacing = 6.0

  /// Creates a picture with the default layout.
  package init() {}

  /// The colour of each lane kind and mark kind, the same in every picture and in the legend.
  static func color(of kind: Timeline.LaneKind, label: String) -> String {
    switch kind {
    case .hold:
      switch label {
      case "user": "#5B8DEF"
      case "window": "#9AA5B1"
      case "ad": "#F2A93B"
      default: "#B07CD8"
      }
    case .running: "#3FB37F"
    case .banner: label == "shown" ? "#2D6A9F" : "#8FBFE6"
    case .viewable: "#35A3A3"
    case .adView: "#E8774A"
    case .scene: "#C9D1D9"
    }
  }

  static func color(of kind: Timeline.MarkKind) -> String {
    switch kind {
    case .click: "#E8774A"
    case .refusedClick: "#D64545"
    case .input: "#5B8DEF"
    case .impression: "#1F7A4D"
    case .beaconSent: "#3FB37F"
    case .beaconFailed: "#F2A93B"
    case .beaconDropped: "#D64545"
    case .adLoaded: "#2D6A9F"
    case .adFailed: "#D64545"
    case .revenue: "#B8860B"
    case .rewardCompleted: "#8FBFE6"
    case .rewardEarned: "#1F7A4D"
    case .rewardForfeited: "#D64545"
    }
  }

  /// The mark rows, and which kinds each holds.
  static let markRows: [(name: String, kinds: [Timeline.MarkKind])] = [
    ("input", [.input]), ("clicks", [.click, .refusedClick]), ("impressions", [.impression]),
    ("revenue", [.revenue]), ("rewards", [.rewardCompleted, .rewardEarned, .rewardForfeited]),
    ("beacons", [.beaconSent, .beaconFailed, .beaconDropped]), ("loads", [.adLoaded, .adFailed]),
  ]

  /// The SVG text of `timeline`, titled `title`.
  package func svg(of timeline: Timeline, title: String) -> String {
    let duration = max(timeline.end - timeline.start, 1e-3)
    let plotWidth = width - plotLeft - rightMargin
    let scale = plotWidth / duration
    func x(_ time: Double) -> Double { plotLeft + (time - timeline.start) * scale }
    let top = 64.0
    let rows = timeline.lanes.count + TimelinePicture.markRows.count
    let legendTop = top + Double(rows) * (laneHeight + 4) + 16
    // The legend: four rows of six entries.
    let height = legendTop + 78
    var out = SVGText()
    out.line(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\""
        + " viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" font-family=\"DejaVu Sans, Verdana, sans-serif\""
        + " font-size=\"12\" data-t0=\"\(Self.n(timeline.start))\" data-x0=\"\(Self.n(plotLeft))\""
        + " data-px-per-second=\"\(Self.n(scale))\">")
    out.line("<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>")
    out.line(
      "<text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"bold\" fill=\"#1F2328\">\(Self.escaped(title))</text>")
    axis(&out, timeline: timeline, top: top, bottom: legendTop - 12, x: x)
    var y = top
    for lane in timeline.lanes {
      label(&out, lane.name, y: y)
      for interval in merged(lane.intervals, scale: scale) {
        let left = x(interval.start)
        let barWidth = max(1, x(interval.end) - left)
        let color = TimelinePicture.color(of: lane.kind, label: interval.label)
        out.line(
          "<rect class=\"bar\" data-lane=\"\(Self.escaped(lane.name))\" x=\"\(Self.n(left))\" y=\"\(Self.n(y + 2))\""
            + " width=\"\(Self.n(barWidth))\" height=\"\(Self.n(laneHeight - 4))\" rx=\"2\" fill=\"\(color)\">"
            + "<title>\(Self.escaped(lane.name)): \(Self.escaped(interval.label)), \(Self.seconds(interval.start))"
            + "–\(Self.seconds(interval.end))</title></rect>")
        if barWidth > Double(interval.label.count) * 7 + 8, lane.kind != .running, lane.kind != .viewable {
          out.line(
            "<text x=\"\(Self.n(left + 4))\" y=\"\(Self.n(y + laneHeight / 2 + 4))\" fill=\"#FFFFFF\">"
              + "\(Self.escaped(interval.label))</text>")
        }
      }
      if lane.kind == .viewable {
        // Where the impression counted, on the viewable bar itself.
        for mark in timeline.marks where mark.kind == .impression {
          out.line(
            "<line class=\"impression\" x1=\"\(Self.n(x(mark.time)))\" y1=\"\(Self.n(y + 1))\""
              + " x2=\"\(Self.n(x(mark.time)))\" y2=\"\(Self.n(y + laneHeight - 1))\" stroke=\"#1F2328\""
              + " stroke-width=\"2\"><title>impression \(Self.escaped(mark.label)) at \(Self.seconds(mark.time))"
              + "</title></line>")
        }
      }
      y += laneHeight + 4
    }
    for row in TimelinePicture.markRows {
      label(&out, row.name, y: y)
      for kind in row.kinds {
        marks(&out, timeline.marks.filter { $0.kind == kind }, y: y + laneHeight / 2, x: x)
      }
      y += laneHeight + 4
    }
    legend(&out, top: legendTop)
    out.line("</svg>")
    return out.text
  }

  // MARK: - Parts

  private func axis(
    _ out: inout SVGText, timeline: Timeline, top: Double, bottom: Double, x: (Double) -> Double
  ) {
    let duration = timeline.end - timeline.start
    let step = TimelinePicture.tickStep(for: duration, ticks: 10)
    var tick = (timeline.start / step).rounded(.up) * step
    while tick <= timeline.end + 1e-9 {
      let position = x(tick)
      out.line(
        "<line class=\"tick\" x1=\"\(Self.n(position))\" y1=\"\(Self.n(top - 8))\" x2=\"\(Self.n(position))\""
          + " y2=\"\(Self.n(bottom))\" stroke=\"#D0D7DE\" stroke-width=\"1\"/>")
      out.line(
        "<text x=\"\(Self.n(position))\" y=\"\(Self.n(top - 24))\" text-anchor=\"middle\" fill=\"#1F2328\">"
          + "\(Self.seconds(tick))</text>")
      out.line(
        "<text x=\"\(Self.n(position))\" y=\"\(Self.n(top - 11))\" text-anchor=\"middle\" font-size=\"10\""
          + " fill=\"#6E7781\">frame \(timeline.frame(at: tick))</text>")
      tick += step
    }
  }

  private func label(_ out: inout SVGText, _ text: String, y: Double) {
    out.line(
      "<text x=\"\(Self.n(plotLeft - 8))\" y=\"\(Self.n(y + laneHeight / 2 + 4))\" text-anchor=\"end\""
        + " fill=\"#1F2328\">\(Self.escaped(text))</text>")
  }

  /// Marks as small diamonds; marks closer than `markSpacing` are one, with their count.
  private func marks(_ out: inout SVGText, _ marks: [Timeline.Mark], y: Double, x: (Double) -> Double) {
    var groups: [(x: Double, marks: [Timeline.Mark])] = []
    for mark in marks.sorted(by: { $0.time < $1.time }) {
      let position = x(mark.time)
      if let last = groups.last, position - last.x < markSpacing {
        groups[groups.count - 1].marks.append(mark)
      } else {
        groups.append((position, [mark]))
      }
    }
    for group in groups {
      let first = group.marks[0]
      let color = TimelinePicture.color(of: first.kind)
      let tooltip =
        group.marks.count == 1
        ? "\(first.kind.rawValue) \(first.label) at \(Self.seconds(first.time))"
        : "\(group.marks.count) × \(first.kind.rawValue) from \(Self.seconds(first.time))"
      out.line(
        "<path class=\"mark\" data-kind=\"\(first.kind.rawValue)\" data-count=\"\(group.marks.count)\""
          + " d=\"M\(Self.n(group.x)) \(Self.n(y - 6))l5 6-5 6-5-6z\" fill=\"\(color)\">"
          + "<title>\(Self.escaped(tooltip))</title></path>")
      if group.marks.count > 1 {
        out.line(
          "<text x=\"\(Self.n(group.x + 6))\" y=\"\(Self.n(y - 3))\" font-size=\"9\" fill=\"#57606A\">"
            + "×\(group.marks.count)</text>")
      }
    }
  }

  private func legend(_ out: inout SVGText, top: Double) {
    let entries: [(String, String)] = [
      ("hold: user", Self.color(of: .hold, label: "user")), ("hold: window", Self.color(of: .hold, label: "window")),
      ("hold: ad", Self.color(of: .hold, label: "ad")), ("hold: the game's own", Self.color(of: .hold, label: "")),
      ("running", Self.color(of: .running, label: "")), ("banner sliding", Self.color(of: .banner, label: "sliding")),
      ("banner shown", Self.color(of: .banner, label: "shown")), ("viewable", Self.color(of: .viewable, label: "")),
      ("ad view open", Self.color(of: .adView, label: "")), ("scene", Self.color(of: .scene, label: "")),
      ("input", Self.color(of: .input)), ("click", Self.color(of: .click)),
      ("refused click", Self.color(of: .refusedClick)), ("impression", Self.color(of: .impression)),
      ("beacon sent", Self.color(of: .beaconSent)), ("beacon failed", Self.color(of: .beaconFailed)),
      ("beacon dropped / load failed", Self.color(of: .beaconDropped)), ("ad loaded", Self.color(of: .adLoaded)),
      ("revenue", Self.color(of: .revenue)), ("reward completed", Self.color(of: .rewardCompleted)),
      ("reward earned", Self.color(of: .rewardEarned)), ("reward forfeited", Self.color(of: .rewardForfeited)),
    ]
    let columns = 6
    let columnWidth = (width - 24) / Double(columns)
    for (index, entry) in entries.enumerated() {
      let left = 12 + Double(index % columns) * columnWidth
      let y = top + Double(index / columns) * 18
      out.line(
        "<rect class=\"legend\" x=\"\(Self.n(left))\" y=\"\(Self.n(y))\" width=\"12\" height=\"12\" rx=\"2\""
          + " fill=\"\(entry.1)\"/>")
      out.line(
        "<text x=\"\(Self.n(left + 18))\" y=\"\(Self.n(y + 10))\" fill=\"#1F2328\">\(Self.escaped(entry.0))</text>")
    }
  }

  // MARK: - Helpers

  /// `intervals`, with neighbours of the same label closer than a pixel merged into one.
  private func merged(_ intervals: [Timeline.Interval], scale: Double) -> [Timeline.Interval] {
    var result: [Timeline.Interval] = []
    for interval in intervals.sorted(by: { $0.start < $1.start }) {
      if let last = result.last, last.label == interval.label, (interval.start - last.end) * scale < 1 {
        result[result.count - 1].end = max(last.end, interval.end)
      } else {
        result.append(interval)
      }
    }
    return result
  }

  /// A tick step of 1, 2 or 5 times a power of ten giving about `ticks` ticks over `duration`.
  static func tickStep(for duration: Double, ticks: Int) -> Double {
    let raw = max(duration, 1e-3) / Double(ticks)
    var power = 1e-3
    while power * 10 <= raw { power *= 10 }
    for factor in [1.0, 2, 5, 10] where power * factor >= raw { return power * factor }
    return power * 10
  }

  /// A number as SVG writes it: at most two decimals.
  static func n(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// Host seconds as the axis labels them.
  static func seconds(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + " s"
  }

  /// `text` safe in SVG text and attributes.
  static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: if let value = character.asciiValue, value < 0x20 { out += " " } else { out.append(character) }
      }
    }
    return out
  }
}

/// Text built a line at a time.
struct SVGText {
  private(set) var text = ""

  mutating func line(_ line: String) {
    text += line
    text += "\n"
  }
}
