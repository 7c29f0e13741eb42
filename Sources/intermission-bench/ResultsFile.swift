import Foundation

/// Replaces the section between the results markers in `path` (or writes a new file).
func write(report: String, to path: String) throws {
  let begin = "<!-- results:begin -->"
  let end = "<!-- results:end -->"
  var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# Benchmarks\n\n\(begin)\n\(end)\n"
  if let start = text.range(of: begin), let stop = text.range(of: end), start.upperBound <= stop.lowerBound {
    text.replaceSubrange(start.upperBound..<stop.lowerBound, with: "\n" + report)
  } else {
    text += "\n\(begin)\n\(report)\(end)\n"
  }
  try text.write(toFile: path, atomically: true, encoding: .utf8)
  // The documents' rule (DocumentLayoutTests): no Markdown line over 120 characters.
  for line in report.split(separator: "\n") where line.count > 120 {
    FileHandle.standardError.write(
      Data(
        "intermission-bench: a row of \(line.count) characters, over the documents' 120 (shorten its label): \(line)\n"
          .utf8))
  }
}
