import Foundation
import IntermissionCore
import IntermissionSDL
import Testing

/// Runs the built `intermission` executable as a user would, in a scratch folder.
package struct ProgramRunner {
  package struct Result {
    package let status: Int32
    package let stdout: String
    package let stderr: String
  }

  /// The executable, built next to the test bundle by `swift build`.
  package static var executable: URL {
    let testBinary = URL(
      fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0])
    var folder = testBinary.deletingLastPathComponent()
    while !folder.path.hasSuffix("/debug") && !folder.path.hasSuffix("/release") && folder.path != "/" {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("intermission")
  }

  /// The repository's root.
  package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  package let folder: URL

  package init() throws {
    folder = try ScratchFolder.make("intermission-e2e")
  }

  package func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Waits, at most `timeout` seconds, until the trace `name` in the folder (written by a running
  /// program) holds `text`, such as `"event":"video.started"`; reads it every millisecond.
  /// - Returns: whether it came in time.
  package func waitForTrace(_ name: String, containing text: String, timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !((try? String(contentsOfFile: path(name), encoding: .utf8))?.contains(text) ?? false) {
      guard Date() < deadline else { return false }
      usleep(1000)
    }
    return true
  }

  package func write(_ name: String, _ text: String) throws -> String {
    let path = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Runs the program with `arguments` and waits for it; a run that takes longer than `timeout`
  /// seconds is a hang: it is killed, and the test fails.
  package func run(
    _ arguments: [String], environment: [String: String] = [:], removing: [String] = [], timeout: Double = 60
  ) throws -> Result {
    let process = try start(arguments, environment: environment, removing: removing)
    let pid = process.process.processIdentifier
    let watchdog = DispatchWorkItem {
      Issue.record("the program hung for \(timeout) s with \(arguments); killed")
      kill(pid, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    defer { watchdog.cancel() }
    return finish(process)
  }

  /// Starts the program; finish it with `finish`.
  package func start(_ arguments: [String], environment: [String: String] = [:], removing: [String] = []) throws
    -> RunningProgram
  {
    #expect(
      FileManager.default.isExecutableFile(atPath: Self.executable.path),
      "build the program first (swift build): \(Self.executable.path)")
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    // SDL's silent audio driver unless a test chooses one: no sound card is tried in every run.
    if merged["SDL_AUDIODRIVER"] == nil { merged["SDL_AUDIODRIVER"] = "dummy" }
    // The HTTP cache and the beacon queue of a run live in its scratch folder, never the user's.
    if environment["XDG_CACHE_HOME"] == nil { merged["XDG_CACHE_HOME"] = path("cache") }
    // The program speaks English whatever the machine's locale, unless a test gives a language.
    if ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"].allSatisfy({ environment[$0] == nil }) {
      merged["LANGUAGE"] = ""
      merged["LC_ALL"] = "C.UTF-8"
      merged["LC_MESSAGES"] = "C.UTF-8"
      merged["LANG"] = "C.UTF-8"
    }
    if environment["XDG_DATA_HOME"] == nil { merged["XDG_DATA_HOME"] = path("data") }
    for name in removing { merged[name] = nil }
    process.environment = merged
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    return RunningProgram(process: process, out: out, err: err)
  }

  package func finish(_ program: RunningProgram) -> Result {
    let out = program.out.fileHandleForReading.readDataToEndOfFile()
    let err = program.err.fileHandleForReading.readDataToEndOfFile()
    program.process.waitUntilExit()
    return Result(
      status: program.process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  /// Reads a trace file as lines.
  package func traceLines(_ name: String) throws -> [String] {
    try String(contentsOfFile: path(name), encoding: .utf8).split(separator: "\n").map(String.init)
  }

  /// Event names of a trace file, in order.
  package func traceEvents(_ name: String) throws -> [String] {
    try traceLines(name).map(Self.eventName)
  }

  /// The lines of a trace file that `keeps` (given the event's name and the line) as
  /// `frame event value...`, with the values of `fields` the line has, in that order.
  package func traceSummary(_ name: String, fields: [String], keeping keeps: (String, String) -> Bool) throws
    -> [String]
  {
    try traceLines(name).compactMap { line -> String? in
      let event = Self.eventName(line)
      guard keeps(event, line) else { return nil }
      let frame = line.split(separator: ",")[0].dropFirst("{\"frame\":".count)
      var text = "\(frame) \(event)"
      for key in fields {
        guard let range = line.range(of: "\"\(key)\":") else { continue }
        text +=
          " " + line[range.upperBound...].prefix { $0 != "," && $0 != "}" }.replacingOccurrences(of: "\"", with: "")
      }
      return text
    }
  }

  package static func eventName(_ line: String) -> String {
    guard let start = line.range(of: "\"event\":\"") else { return "" }
    let rest = line[start.upperBound...]
    return String(rest[..<rest.firstIndex(of: "\"")!])
  }

  /// Loads a PNG the program wrote.
  package func image(_ name: String) throws -> Surface { try Surface(contentsOf: path(name)) }
}

/// A started program.
package struct RunningProgram {
  package let process: Process
  package let out: Pipe
  package let err: Pipe
}

extension Surface {
  /// Whether two surfaces have the same size and pixels in `rows` (all rows if nil).
  package func samePixels(as other: Surface, rows: Range<Int>? = nil) -> Bool {
    guard width == other.width, height == other.height else { return false }
    for y in rows ?? 0..<height {
      for x in stride(from: 0, to: width, by: 1) where pixel(x: x, y: y) != other.pixel(x: x, y: y) {
        return false
      }
    }
    return true
  }
}

/// Colour comparison with a tolerance for blending and scaling.
package func close(_ a: Color, _ b: Color, tolerance: Int = 3) -> Bool {
  abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
    && abs(Int(a.blue) - Int(b.blue)) <= tolerance
}
