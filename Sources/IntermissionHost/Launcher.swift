import CIntermissionStartup
import Glibc
import IntermissionAds
import IntermissionBasics
import IntermissionConsent
import IntermissionCore
import IntermissionOverlay
import IntermissionSDL
import IntermissionVideo

/// A game's program on Intermission's host: parses the command line (`--headless`, `--fixed-step`,
/// `--script`, `--trace`, `--screenshot`, and the rest of `HostConfiguration.usage`), checks every input before
/// a window opens, runs the host with the game's first scene, and maps failures to clear messages
/// and exit codes. A game's `main` is one call, `exit(Launcher.main(arguments:firstScene:))`, or the
/// three steps of a raylib example:
///
/// ```swift
/// let launched = Launcher.launch(arguments: Array(CommandLine.arguments.dropFirst()), firstScene: { MyScene() })
/// guard let host = launched.running else { exit(launched.exitCode) }
/// while host.isRunning { host.runFrame() }
/// exit(Launcher.finish(host))
/// ```
public enum Launcher {
  /// What `launch` gives: a host to run, or an exit code because there is nothing to run.
  public enum Launch {
    /// The host, started: run its frames, then `finish` it.
    case running(Host)
    /// Nothing to run (help, a bad argument, no display, a stop during set-up): exit with this.
    case exit(Int32)

    /// The host, if there is one to run.
    public var running: Host? {
      if case .running(let host) = self { return host }
      return nil
    }

    /// The exit code when there is no host to run (0 otherwise).
    public var exitCode: Int32 {
      if case .exit(let code) = self { return code }
      return 0
    }
  }

  /// Exit code for success.
  public static let success: Int32 = 0
  /// Exit code for a failure at run time (no display, no font, SDL failure, a write that failed).
  public static let runtimeFailure: Int32 = 1
  /// Exit code for bad arguments or a bad script.
  public static let usageFailure: Int32 = 2
  /// The largest script file read, in bytes.
  package static let maximumScriptSize = ReplayScript.maximumFileSize

  /// Whether stop signals were noted from before `main`: an ELF constructor linked with the
  /// launcher installs flag-only handlers for SIGINT, SIGTERM and SIGHUP, which the launcher's
  /// first step takes over, so that a stop asked for while the program loads is not lost.
  package static var notesStopSignalsBeforeMain: Bool { intermission_early_stop_signals_installed() == 1 }

  /// Runs the program with `arguments` (without the program name) to its end and returns its exit
  /// code: `launch`, the frames, `finish`.
  /// - Parameters:
  ///   - arguments: the command line, without the program name.
  ///   - environment: the environment (`INTERMISSION_FONT`, `INTERMISSION_ASSETS`).
  ///   - diagnostics: where error and warning lines go, each without its newline (standard error).
  ///   - firstScene: makes the game's first scene.
  public static func main(
    arguments: [String], environment: [String: String] = Launcher.processEnvironment(),
    diagnostics: @escaping (String) -> Void = Launcher.printToStandardError, firstScene: @escaping () -> Scene
  ) -> Int32 {
    let launched = launch(
      arguments: arguments, environment: environment, diagnostics: diagnostics, firstScene: firstScene)
    guard let host = launched.running else { return launched.exitCode }
    while host.isRunning { host.runFrame() }
    return finish(host, diagnostics: diagnostics)
  }

  /// Ends a launched host's run: records `host.stopped`, writes the screenshot, and returns the
  /// exit code (0, or 1 with a message when a write or an SDL call failed).
  /// The longest a finishing program waits for the decoding threads of stopped videos, in seconds.
  static let decoderEndLimit = 3.0

  public static func finish(_ host: Host, diagnostics: (String) -> Void = Launcher.printToStandardError) -> Int32 {
    // The program exits right after this, with the host still alive: its workers end first, and
    // the decoding threads of the videos it stopped (a few seconds at most: one whose file's
    // reading blocks is left).
    defer {
      host.stopWorkers()
      VideoFrameQueue.finishStopping(timeout: Launcher.decoderEndLimit)
    }
    do {
      try host.finish()
      return success
    } catch {
      diagnostics("intermission: \(error)")
      return runtimeFailure
    }
  }

  /// Parses `arguments`, checks every input, and sets up and starts the host, or says why not.
  /// - Parameters: as for `main`.
  /// - Returns: the started host, or the exit code to end with (the message already written).
  public static func launch(
    arguments: [String], environment: [String: String] = Launcher.processEnvironment(),
    diagnostics: @escaping (String) -> Void = Launcher.printToStandardError, firstScene: @escaping () -> Scene
  ) -> Launch {
    let code = prepare(arguments: arguments, environment: environment, diagnostics: diagnostics)
    switch code {
    case .failure(let exit): return .exit(exit)
    case .success(let prepared):
      do {
        let host = try Host(
          configuration: prepared.options, script: prepared.script, fontPath: prepared.fontPath, trace: prepared.trace,
          adManifest: prepared.manifest, audioFolder: prepared.audioFolder, environment: environment,
          warn: { diagnostics("intermission: warning: " + $0) }, firstScene: firstScene)
        if let consent = prepared.consent { host.adOverlay?.setConsent(consent) }
        host.start()
        return .running(host)
      } catch {
        diagnostics("intermission: \(error)")
        return .exit(runtimeFailure)
      }
    }
  }

  /// Everything checked and opened before the host: the options, the script, the font, the trace.
  private struct Prepared {
    let options: HostConfiguration
    let script: ReplayScript
    let fontPath: String
    let trace: Trace
    let manifest: String?
    let audioFolder: String?
    /// The player's consent signals (`--consent`), if given.
    let consent: ConsentSignals?
  }

  private enum Preparation {
    case success(Prepared)
    case failure(Int32)
  }

  private static func prepare(
    arguments: [String], environment: [String: String], diagnostics: @escaping (String) -> Void
  ) -> Preparation {
    // First of all, so that a stop asked for during set-up is neither lost nor a silent death.
    do {
      try StopSignals.install()
    } catch {
      diagnostics("intermission: \(error)")
      return .failure(runtimeFailure)
    }
    func fail(_ message: String, code: Int32) -> Preparation {
      diagnostics("intermission: " + message)
      return .failure(code)
    }

    var options: HostConfiguration
    do {
      options = try HostConfiguration.parse(arguments)
    } catch {
      return fail("\(error)", code: usageFailure)
    }
    if options.showHelp {
      print(HostConfiguration.usage)
      return .failure(success)
    }

    // Everything that can be wrong with the input is checked before any window opens.
    var script = ReplayScript(events: [])
    if let path = options.scriptPath {
      do {
        script = try ReplayScript.read(path: path)
      } catch ReplayScript.FileError.unreadable(_, let reason) {
        let name = PrintableText.escaping(path, limit: 200)
        return fail("cannot read script file \(name) (--script): \(reason)", code: usageFailure)
      } catch {
        return fail("\(error)", code: usageFailure)
      }
    }
    for (path, option) in [(options.adsCAPath, "--ads-ca"), (options.fallbackAdsPath, "--fallback-ads")] {
      guard let path else { continue }
      do {
        try RegularFile.check(path)
      } catch {
        return fail(
          "cannot read \(option) file \(PrintableText.escaping(path, limit: 200)): \(error)", code: usageFailure)
      }
    }
    if let path = options.beaconsPath {
      // Created if missing; an existing one must be a regular file (SQLite would block on a FIFO).
      do {
        try RegularFile.check(path)
      } catch .missing {
      } catch {
        return fail(
          "cannot use --beacons file \(PrintableText.escaping(path, limit: 200)): \(error)", code: usageFailure)
      }
    }
    var consent: ConsentSignals?
    if let path = options.consentPath {
      let name = PrintableText.escaping(path, limit: 200)
      do {
        let bytes = try RegularFile.read(path, limit: 1_048_576)
        if ConsentSignals.isSignalsFile(bytes) {
          guard options.consentGeography == nil && !options.resetsConsent else {
            return fail("--consent-geography and --reset-consent need a consent file, not signals", code: usageFailure)
          }
          consent = try ConsentSignals.parse(bytes, name: path)
        } else {
          _ = try ConsentConfiguration.parse(bytes, path: path)
          options.consentFilePath = path
        }
      } catch let error as RegularFile.Failure {
        return fail("cannot read --consent file \(name): \(error)", code: usageFailure)
      } catch {
        return fail("bad --consent file: \(error)", code: usageFailure)
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
      trace.emit(.hostStopped, ["reason": .string("signal"), "detail": .string(StopSignals.name(of: signal))])
      return .failure(success)
    }

    return .success(
      Prepared(
        options: options, script: script, fontPath: font.path, trace: trace, manifest: manifest,
        audioFolder: AssetLocator.audioFolder(environment: environment), consent: consent))
  }

  /// Writes `line` and a newline to standard error, in one `write(2)`.
  public static func printToStandardError(_ line: String) { FileDescriptor.printToStandardError(line) }

  /// The process's environment.
  public static func processEnvironment() -> [String: String] { ProcessEnvironment.current() }
}
