import Foundation
import IntermissionCore
import IntermissionSDL

/// The `intermission` program: parses the command line, checks every input before a window
/// opens, runs the host, and maps failures to clear messages and exit codes.
public enum Launcher {
  /// Exit code for success.
  public static let success: Int32 = 0
  /// Exit code for a failure at run time (no display, no font, SDL failure).
  public static let runtimeFailure: Int32 = 1
  /// Exit code for bad arguments or a bad script.
  public static let usageFailure: Int32 = 2

  /// Runs the program with `arguments` (without the program name) and returns its exit code.
  public static func main(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Int32
  {
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
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        return fail("cannot read script file '\(path)'", code: usageFailure)
      }
      do {
        script = try ReplayScript.parse(text, file: path)
      } catch {
        return fail("bad script line: \(error)", code: usageFailure)
      }
    }
    let fontPath: String
    do {
      fontPath = try AssetLocator.font(explicit: options.fontPath, environment: environment)
    } catch {
      return fail("\(error)", code: runtimeFailure)
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

    // MARK: Loop
    do {
      let host = try Host(options: options, script: script, fontPath: fontPath, trace: trace, adManifest: manifest)
      try host.run()
      return success
    } catch let error as SDLSystem.NoDisplayError {
      return fail("\(error)", code: runtimeFailure)
    } catch {
      return fail("\(error)", code: runtimeFailure)
    }
  }

  private static func fail(_ message: String, code: Int32) -> Int32 {
    FileHandle.standardError.write(("intermission: " + message + "\n").data(using: .utf8)!)
    return code
  }
}
