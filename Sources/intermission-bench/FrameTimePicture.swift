import Foundation

/// The frame times of the rotation runs as one SVG picture (`docs/rotation-frame-times.svg`): one
/// panel per run, each frame's time over the run, against the 16.7 ms budget. Frames that fall on
/// the same pixel column are drawn as their longest, so that no spike is lost.
enum FrameTimePicture {
  /// The picture of `runs` (a title and the frame times in seconds, in order).
  static func svg(_ runs: [(title: String, durations: [Double])]) -> String {
    let width = 1000.0
    let panelHeight = 160.0
    let left = 60.0
    let plotWidth = width - left - 20
    let ceiling = 20.0  // ms at the top of each panel; longer frames are drawn at the top, in red
    let budget = 1000.0 / 60
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(Double(runs.count) * (panelHeight + 50) + 20))\""
    out += " font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"12\">\n"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n"
    for (index, run) in runs.enumerated() {
      let top = 30 + Double(index) * (panelHeight + 50)
      func y(_ milliseconds: Double) -> Double { top + panelHeight * (1 - min(milliseconds, ceiling) / ceiling) }
      out += "<text x=\"\(Int(left))\" y=\"\(Int(top - 10))\" font-weight=\"bold\">\(run.title)</text>\n"
      for milliseconds in stride(from: 0.0, through: ceiling, by: 5) {
        out +=
          "<line x1=\"\(Int(left))\" y1=\"\(f(y(milliseconds)))\" x2=\"\(Int(left + plotWidth))\" y2=\"\(f(y(milliseconds)))\""
        out += " stroke=\"#D0D7DE\"/>\n"
        out +=
          "<text x=\"\(Int(left - 6))\" y=\"\(f(y(milliseconds) + 4))\" text-anchor=\"end\">\(Int(milliseconds)) ms</text>\n"
      }
      out += "<line x1=\"\(Int(left))\" y1=\"\(f(y(budget)))\" x2=\"\(Int(left + plotWidth))\" y2=\"\(f(y(budget)))\""
      out += " stroke=\"#D64545\" stroke-dasharray=\"6 4\"><title>the 16.7 ms budget</title></line>\n"
      let columns = Int(plotWidth)
      var longest = [Double](repeating: 0, count: columns)
      let count = max(run.durations.count, 1)
      for (frame, duration) in run.durations.enumerated() {
        let column = min(columns - 1, frame * columns / count)
        longest[column] = max(longest[column], duration * 1000)
      }
      var points: [String] = []
      for (column, milliseconds) in longest.enumerated() {
        points.append("\(Int(left) + column),\(f(y(milliseconds)))")
      }
      out +=
        "<polyline fill=\"none\" stroke=\"#2D6A9F\" stroke-width=\"1\" points=\"\(points.joined(separator: " "))\"/>\n"
      let over = run.durations.filter { $0 * 1000 > budget }.count
      out += "<text x=\"\(Int(left + plotWidth))\" y=\"\(Int(top - 10))\" text-anchor=\"end\" fill=\"#57606A\">"
      out +=
        "\(run.durations.count) frames, longest \(f((run.durations.max() ?? 0) * 1000)) ms, \(over) over budget</text>\n"
      out +=
        "<text x=\"\(Int(left + plotWidth / 2))\" y=\"\(Int(top + panelHeight + 16))\" text-anchor=\"middle\" fill=\"#57606A\">"
      out += "frames over the run (each column: its longest frame)</text>\n"
    }
    return out + "</svg>\n"
  }

  private static func f(_ value: Double) -> String { String(format: "%.1f", value) }
}
