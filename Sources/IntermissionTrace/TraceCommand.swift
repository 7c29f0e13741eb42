import IntermissionBasics
import IntermissionCore

#if canImport(Glibc)
  import Glibc
#endif

/// The `intermission-trace` command: reads a trace (a file, or `-` for standard input) and writes
/// its timeline as an SVG picture (`timeline`), as a Chrome Trace Event file for Perfetto
/// (`perfetto`), or the run's ad report (`report`: a table, or one JSON object with `--json`).
package enum TraceCommand {
  /// The usage text.
  package static let usage = """
    usage: intermission-trace timeline TRACE -o FILE.svg [--title TEXT]
           intermission-trace perfetto TRACE -o FILE.json
           intermission-trace report TRACE [--json] [-o FILE]

    TRACE is an Intermission trace (JSON Lines, from the program's --trace, a game's own loop or the
    C API's trace_path), or - for standard input. -o - writes to standard output (the report's
    default). A line that is not a trace record is reported with its number, and the rest is still
    drawn or counted. The README defines each figure of the report.
    Exit codes: 0 done, 1 a file could not be read or written, 2 bad usage.
    """

  /// The largest trace read, in bytes.
  package static let maximumTraceSize = 512 << 20

  /// Exit code: done.
  package static let success: Int32 = 0
  /// Exit code: a file could not be read or written.
  package static let ioFailure: Int32 = 1
  /// Exit code: bad usage.
  package static let usageFailure: Int32 = 2

  /// Runs the command.
  /// - Parameters:
  ///   - arguments: the command line, without the program's name.
  ///   - diagnostics: where error and warning lines go (standard error).
  /// - Returns: the exit code.
  package static func main(
    arguments: [String], diagnostics: (String) -> Void = FileDescriptor.printToStandardError
  ) -> Int32 {
    if arguments.first == "--help" || arguments.first == "-h" {
      FileDescriptor.printToStandardError(usage)
      return success
    }
    guard arguments.count >= 2, ["timeline", "perfetto", "report"].contains(arguments[0]) else {
      diagnostics("intermission-trace: expected a subcommand, timeline, perfetto or report\n" + usage)
      return usageFailure
    }
    let input = arguments[1]
    var output: String? = arguments[0] == "report" ? "-" : nil
    var title: String?
    var asJSON = false
    var index = 2
    while index < arguments.count {
      let option = arguments[index]
      if option == "--json", arguments[0] == "report" {
        asJSON = true
        index += 1
        continue
      }
      guard ["-o", "--output"].contains(option) || (option == "--title" && arguments[0] == "timeline") else {
        diagnostics("intermission-trace: unknown option '\(PrintableText.escaping(option, limit: 80))'\n" + usage)
        return usageFailure
      }
      guard index + 1 < arguments.count else {
        diagnostics("intermission-trace: \(option) needs a value\n" + usage)
        return usageFailure
      }
      if option == "--title" { title = arguments[index + 1] } else { output = arguments[index + 1] }
      index += 2
    }
    guard let output, !output.isEmpty else {
      diagnostics("intermission-trace: -o FILE is required\n" + usage)
      return usageFailure
    }
    let bytes: [UInt8]
    do {
      bytes = try read(input)
    } catch {
      diagnostics("intermission-trace: cannot read \(PrintableText.escaping(input, limit: 200)): \(error)")
      return ioFailure
    }
    let log = TraceLog(bytes: bytes)
    let name = input == "-" ? "standard input" : PrintableText.escaping(input, limit: 200)
    for problem in log.problems { diagnostics("intermission-trace: \(name):\(problem.line): \(problem.reason)") }
    let text: String
    switch arguments[0] {
    case "timeline": text = TimelinePicture().svg(of: Timeline(log), title: title ?? "Intermission run: \(name)")
    case "perfetto": text = PerfettoTrace.json(of: log)
    default:
      let report = RunReport(log)
      text =
        asJSON
        ? RunReportText.json(report, skippedLines: log.problems.map(\.line)) : RunReportText.table(report, name: name)
    }
    do {
      try write(text, to: output)
    } catch {
      diagnostics("intermission-trace: cannot write \(PrintableText.escaping(output, limit: 200)): \(error)")
      return ioFailure
    }
    return success
  }

  /// A failed read or write, with the system's reason.
  struct IOFailure: Error, CustomStringConvertible {
    let description: String
  }

  private static func read(_ path: String) throws -> [UInt8] {
    guard path == "-" else {
      do {
        return try RegularFile.read(path, limit: maximumTraceSize)
      } catch {
        throw IOFailure(description: "\(error)")
      }
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { throw IOFailure(description: String(cString: strerror(errno))) }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
      if bytes.count > maximumTraceSize { throw IOFailure(description: "more than \(maximumTraceSize) bytes") }
    }
  }

  private static func write(_ text: String, to path: String) throws {
    let descriptor =
      path == "-" ? STDOUT_FILENO : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw IOFailure(description: String(cString: strerror(errno))) }
    defer { if descriptor != STDOUT_FILENO { close(descriptor) } }
    var text = text
    let failure = text.withUTF8 { FileDescriptor.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    guard failure == 0 else { throw IOFailure(description: String(cString: strerror(failure))) }
  }
}
