import Glibc
import IntermissionCore
import IntermissionSDL

/// The `intermission` program: parses the command line, checks every input before a window
/// opens, runs the host, and maps failures to clear messages and exit codes.
public enum Launcher {
  /// Exit code for success.
  public static let success: Int32 = 0
  /// Exit code for a failure at run time (no display, no font, SDL failure, a write that failed).
  public static let runtimeFailure: Int32 = 1
  /// Exit code for bad arguments or a bad script.
  public static let usageFailure: Int32 = 2
  /// The largest script file read, in bytes.
  public static let maximumScriptSize = 16 << 20

  /// Runs the program with `arguments` (without the program name) and returns its exit code.
  /// - Parameters:
  ///   - arguments: the command line, without the program name.
  ///   - environment: the environment (`INTERMISSION_FONT`, `INTERMISSION_ASSETS`).
  ///   - diagnostics: where error and warning lines go, each without its newline (standard error).
  public static func main(
    arguments: [String], environment: [String: String] = Launcher.processEnvironment(),
    diagnostics: @escaping (String) -> Void = Launcher.printToStandardError
  ) -> Int32 {
    // First of all, so that a stop asked for during set-up is neither lost nor a silent death.
    do {
      try StopSignals.install()
    } catch {
      diagnostics("intermission: \(error)")
      return runtimeFailure
    }
    func fail(_ message: String, code: Int32) -> Int32 {
      diagnostics("intermission: " + message)
      return code
    }

    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      return fail("\(error)", code: usageFailure)
    }
    if options.showHelp {
      print(Options.usage)
      return success
    }

    // Everything that can be wrong with the input is checked before any window opens.
    var script = ReplayScript(events: [])
    if let path = options.scriptPath {
      let name = PrintableText.escaping(path, limit: 200)
      let bytes: [UInt8]
      do {
        bytes = try RegularFile.read(path, limit: maximumScriptSize)
      } catch {
        return fail("cannot read script file \(name) (--script): \(error)", code: usageFailure)
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        return fail("script file \(name) (--script) is not UTF-8 text", code: usageFailure)
      }
      do {
        script = try ReplayScript.parse(text, file: path)
      } catch {
        return fail("bad script line: \(error)", code: usageFailure)
      }
    }
    if let path = options.screenshotPath {
      do {
        try OutputPath.checkScreenshot(path)
      } catch {
        return fail("\(error)", code: usageFailure)
      }
    }
    let font: AssetLocator.FontChoice
    do {
      font = try AssetLocator.font(explicit: options.fontPath, environment: environment)
    } catch {
      return fail("\(error)", code: runtimeFailure)
    }
    do {
      try Font.check(path: font.path)
    } catch {
      return fail(
        "\(font.source) \(PrintableText.escaping(font.path, limit: 200)): not a usable TrueType font (\(error))",
        code: runtimeFailure)
    }
    var output: (any TraceOutput)?
    if let path = options.tracePath {
      do {
        output = try FileTraceOutput(path: path)
      } catch {
        return fail("\(error)", code: usageFailure)
      }
    }
    let trace = Trace(output: output)
    let manifest = options.adsPath ?? AssetLocator.defaultAdManifest(environment: environment)

    // A stop asked for before the host could run still ends with a complete trace.
    if let signal = StopSignals.received {
      trace.emit("host.stopped", ["reason": .string("signal"), "detail": .string(StopSignals.name(of: signal))])
      return success
    }

    // MARK: Loop
    do {
      let host = try Host(
        options: options, script: script, fontPath: font.path, trace: trace, adManifest: manifest,
        warn: { diagnostics("intermission: warning: " + $0) })
      try host.run()
      return success
    } catch {
      return fail("\(error)", code: runtimeFailure)
    }
  }

  /// Writes `line` and a newline to standard error, in one `write(2)`.
  public static func printToStandardError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// The process's environment.
  public static func processEnvironment() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return variables
  }
}
