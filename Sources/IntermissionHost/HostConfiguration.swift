import IntermissionAds
import IntermissionBasics
import IntermissionConsent
import IntermissionCore

/// How the host runs a game: window or headless, size, frame rate and pacing, limits, the script,
/// trace and screenshot, the font, the ads and the sound. `parse(_:)` reads it from the command line that
/// every game on the host accepts (`usage`).
public struct HostConfiguration: Hashable, Sendable {
  /// A command-line error: what was wrong, for a message and exit code 2.
  public struct UsageError: Error, Hashable, CustomStringConvertible {
    /// What was wrong with the arguments.
    public let message: String
    /// The message on one line: control characters from the arguments are escaped.
    public var description: String { PrintableText.escaping(message, limit: 400) }
  }

  /// Use the offscreen video driver with the software renderer; show nothing.
  public var headless = false
  /// The window size in points.
  public var width = 960
  /// The window height in points.
  public var height = 640
  /// Target frame rate.
  public var fps = 60.0
  /// Quit after this many frames.
  public var frames: Int?
  /// Quit after this many seconds of host time.
  public var seconds: Double?
  /// Use the fixed-step clock: each frame advances exactly 1/fps and the loop never sleeps.
  public var fixedStep = false
  /// A replay script to feed through SDL's event queue.
  public var scriptPath: String?
  /// Where to write the JSON Lines trace.
  public var tracePath: String?
  /// Where to write a PNG of the last frame.
  public var screenshotPath: String?
  /// The font file to use instead of the one found on the system.
  public var fontPath: String?
  /// The language of the ads' own words and of house ads (`--language`, a BCP 47 tag or a locale
  /// name); nil takes the players' from the environment.
  public var language: String?
  /// The ad manifest: a file path or an http or https URL; nil means the shipped inventory.
  public var adsPath: String?
  /// A PEM file of certificate authorities trusted besides the system's, for HTTPS.
  public var adsCAPath: String?
  /// Seconds one HTTP transfer may take in all (the connect timeout is 3 s, or this if shorter).
  public var adsTimeout = 10.0
  /// House ads: a local manifest that serves when a remote `--ads` server cannot be reached.
  public var fallbackAdsPath: String?
  /// The durable beacon queue (SQLite); nil means the default under `$XDG_DATA_HOME`.
  public var beaconsPath: String?
  /// No beacon queue: impressions and clicks are queued and reported nowhere, an earned reward is
  /// kept in memory only, and bid requests are marked as tests (`test=1`): for tests of a game,
  /// never its players (ads shown so are not paid).
  public var noBeacons = false
  /// `--consent FILE`: a consent file (`app`, `cmpId`, `vendorList`, …: the consent engine asks
  /// the player), or the player's own consent signals for OpenRTB requests (`gdpr`, `tcf`,
  /// `usPrivacy`, `gpp`, `gppSid`), told apart by their members.
  public var consentPath: String?
  /// `--consent-geography`: where the player is, for tests and developers.
  public var consentGeography: ConsentGeography?
  /// `--reset-consent`: forget the stored decision first.
  public var resetsConsent = false
  /// The consent file the engine runs on, once `Launcher` found `consentPath` to be one.
  package var consentFilePath: String?
  /// Simulated ad latency in seconds.
  public var adLatency = 0.5
  /// Make every ad load fail.
  public var failAds = false
  /// No ad overlay at all.
  public var noAds = false
  /// Seconds between ad rotations.
  public var refresh = 30.0
  /// No audio at all (otherwise music and effects play on the default device, headless too).
  public var noAudio = false
  /// How the ad overlay reaches the window (`--overlay`).
  public var overlayDrawing = OverlayDrawing.renderer

  /// How the ad overlay reaches the window.
  public enum OverlayDrawing: String, Hashable, Sendable {
    /// Drawn on the window's renderer (the default), as an SDL game embeds it.
    case renderer
    /// Drawn into pixels of its own, uploaded as one texture of the window's renderer, as a game
    /// on any engine embeds it (`IntermissionSurface`).
    case surface
  }
  /// Print the usage and exit.
  public var showHelp = false

  /// Creates the defaults.
  public init() {}

  /// Whether `--ads` names an http or https URL: ads come from a server.
  public var adsFromServer: Bool { adsPath.map(AdManifest.isWebURL) ?? false }

  /// The usage text `--help` prints.
  public static let usage = """
    Usage: intermission [options]

    Hosts a small menu game in an SDL2 window, with an ad banner whose in-app action pauses the game.

    Options:
      --headless          Render offscreen with the software renderer; show nothing.
      --size WxH          Window size in points (default 960x640; 200x150 to 8192x8192).
      --fps N             Target frame rate (default 60; 1 to 1000).
      --frames N          Quit after N frames.
      --seconds S         Quit after S seconds of host time.
      --fixed-step        Every frame advances exactly 1/fps of host time and the loop never sleeps:
                          the same arguments and script give the same trace, byte for byte.
      --script FILE       Replay input: one event per line, '<seconds> <verb> <args>'. Verbs:
                          click X Y, move X Y, drag X1 Y1 X2 Y2, key NAME, button NAME (a
                          controller's a, b, back, start, up, down, left, right, leftshoulder,
                          rightshoulder), wheel DY, minimize, restore, resize W H, quit. '#'
                          starts a comment.
      --trace FILE        Write a JSON Lines trace of state changes (frame, time, event, ...).
      --screenshot FILE   Write a PNG of the last frame presented.
      --font FILE         TrueType font to use (default: DejaVu Sans from fonts-dejavu-core); the
                          system's fonts (fontconfig) draw the characters it lacks.
      --language TAG      Language of the ads' own words and house ads: en, de, fr, es, pt-BR, it,
                          ru, pl, tr, ja, ko, zh-Hans, zh-Hant, ar, he, hi or th (default: from
                          LANGUAGE, LC_ALL, LC_MESSAGES or LANG; any other gives English).
      --ads PATH|URL      Ad manifest: a file, or an http(s) URL of an ad server or CDN
                          (default: the shipped Assets/ads/manifest.json); or a demand file
                          ({"openrtb": ...}): ads bought over OpenRTB 2.6 from its endpoint.
      --ads-ca FILE       Trust the certificate authorities in FILE (PEM) besides the system's.
      --ads-timeout S     Seconds one HTTP transfer may take (default 10; connecting: 3).
      --fallback-ads PATH House ads that serve when the --ads server cannot be reached and
                          nothing is cached.
      --beacons PATH      The queue of impression and click reports (SQLite; default
                          $XDG_DATA_HOME/intermission/beacons.sqlite).
      --no-beacons        No beacon queue: no report is queued or sent, and bid requests are marked
                          as tests (test=1): such ads are not paid.
      --consent FILE      A consent file (app, cmpId, vendorList, vendors, ...): a player in the
                          EEA, the UK or Switzerland is asked before any ad request. Or the
                          player's own signals for OpenRTB requests: gdpr, tcf, usPrivacy, gpp,
                          gppSid (strings that must decode).
      --consent-geography G  Where the player is, with a consent file: eea, uk, ch, us-XX
                          (a state) or other.
      --reset-consent     Forget the stored consent decision first (with a consent file).
      --ad-latency S      Simulated network latency of an ad load, in host seconds (default 0.5).
      --fail-ads          Make every ad load fail (the banner stays hidden).
      --no-ads            Run without the ad overlay.
      --overlay WAY       How the ad overlay is drawn: renderer (default: on the window's renderer)
                          or surface (into pixels of its own, uploaded as one texture, as a game
                          on any engine embeds it).
      --refresh S         Seconds of viewable time between ad rotations; failed loads retry
                          after it, doubling up to 5 minutes (default 30).
      --no-audio          Run without sound (SDL_AUDIODRIVER chooses the audio driver otherwise).
      --help              Show this help.

    Keys: P pauses and resumes, arrows and Return drive the menu, Escape goes back or closes an ad.
    Exit codes: 0 success, 1 runtime failure (no display, no font), 2 bad arguments or script.
    """

  /// Parses `arguments` (without the program name). Accepts `--option value` and `--option=value`.
  /// - Throws: `UsageError` naming the bad option or value.
  public static func parse(_ arguments: [String]) throws -> HostConfiguration {
    var options = HostConfiguration()
    var index = 0
    func fail(_ message: String) -> UsageError { UsageError(message: message) }

    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws -> String {
        if let inlineValue { return inlineValue }
        guard index < arguments.count else { throw fail("\(name) needs a value") }
        index += 1
        return arguments[index - 1]
      }
      func number(in range: ClosedRange<Double>) throws -> Double {
        let text = try value()
        guard let parsed = Double(text), parsed.isFinite, range.contains(parsed) else {
          throw fail(
            "\(name) expects a number from \(format(range.lowerBound)) to \(format(range.upperBound)), got '\(text)'")
        }
        return parsed
      }
      func flag() throws {
        if inlineValue != nil { throw fail("\(name) takes no value") }
      }

      switch name {
      case "--headless": try flag(); options.headless = true
      case "--fixed-step": try flag(); options.fixedStep = true
      case "--fail-ads": try flag(); options.failAds = true
      case "--no-ads": try flag(); options.noAds = true
      case "--no-audio": try flag(); options.noAudio = true
      case "--no-beacons": try flag(); options.noBeacons = true
      case "--help", "-h": try flag(); options.showHelp = true
      case "--size":
        let text = try value()
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
          WindowBounds.contains(width: width, height: height)
        else {
          throw fail(
            "--size expects WxH with a width from \(WindowBounds.width.lowerBound) to \(WindowBounds.width.upperBound) "
              + "and a height from \(WindowBounds.height.lowerBound) to \(WindowBounds.height.upperBound), "
              + "got '\(text)'")
        }
        options.width = width
        options.height = height
      case "--fps": options.fps = try number(in: 1...1000)
      case "--frames":
        let text = try value()
        guard let frames = Int(text), frames >= 1 else {
          throw fail("--frames expects a whole number >= 1, got '\(text)'")
        }
        options.frames = frames
      case "--seconds": options.seconds = try number(in: 0.001...1_000_000)
      case "--ad-latency": options.adLatency = try number(in: 0...3600)
      case "--refresh": options.refresh = try number(in: 0.1...86400)
      case "--script": options.scriptPath = try nonEmpty(value(), name)
      case "--trace": options.tracePath = try nonEmpty(value(), name)
      case "--screenshot": options.screenshotPath = try nonEmpty(value(), name)
      case "--font": options.fontPath = try nonEmpty(value(), name)
      case "--language":
        let tag = try nonEmpty(value(), name)
        guard LanguageTag.isWellFormed(tag) || LanguageTag.fromLocale(tag) != nil else {
          throw fail("\(name): '\(PrintableText.escaping(tag))' is not a language tag (such as ja, pt-BR or zh-Hant)")
        }
        options.language = tag
      case "--ads":
        let text = try nonEmpty(value(), name)
        if text.containsText("://") && !AdManifest.isWebURL(text) {
          throw fail("--ads expects a file path or an http or https URL, got '\(text)'")
        }
        options.adsPath = text
      case "--ads-ca": options.adsCAPath = try nonEmpty(value(), name)
      case "--ads-timeout": options.adsTimeout = try number(in: 0.1...120)
      case "--fallback-ads": options.fallbackAdsPath = try nonEmpty(value(), name)
      case "--beacons": options.beaconsPath = try nonEmpty(value(), name)
      case "--consent": options.consentPath = try nonEmpty(value(), name)
      case "--consent-geography":
        let text = try value()
        guard let geography = ConsentGeography(text) else {
          throw fail("--consent-geography expects eea, uk, ch, us-XX or other, got '\(PrintableText.escaping(text))'")
        }
        options.consentGeography = geography
      case "--reset-consent": try flag(); options.resetsConsent = true
      case "--overlay":
        let text = try value()
        guard let drawing = OverlayDrawing(rawValue: text) else {
          throw fail("--overlay expects renderer or surface, got '\(PrintableText.escaping(text))'")
        }
        options.overlayDrawing = drawing
      default:
        if argument.hasPrefix("-") { throw fail("unknown option '\(name)' (see --help)") }
        throw fail("unexpected argument '\(argument)' (see --help)")
      }
    }
    if options.noAds {
      let conflicting = [
        ("--fail-ads", options.failAds), ("--ads", options.adsPath != nil), ("--ads-ca", options.adsCAPath != nil),
        ("--fallback-ads", options.fallbackAdsPath != nil), ("--beacons", options.beaconsPath != nil),
        ("--consent", options.consentPath != nil), ("--overlay", options.overlayDrawing != .renderer),
      ].first { $0.1 }
      if let conflicting { throw fail("--no-ads cannot be combined with \(conflicting.0)") }
    }
    if options.consentPath == nil,
      let flag = options.consentGeography != nil
        ? "--consent-geography"
        : options.resetsConsent ? "--reset-consent" : nil
    {
      throw fail("\(flag) needs --consent with a consent file")
    }
    if options.noBeacons && options.beaconsPath != nil {
      throw fail("--no-beacons cannot be combined with --beacons")
    }
    if options.fallbackAdsPath != nil && !options.adsFromServer {
      throw fail("--fallback-ads needs --ads with an http or https URL")
    }
    return options
  }

  private static func nonEmpty(_ text: String, _ name: String) throws -> String {
    guard !text.isEmpty else { throw UsageError(message: "\(name) needs a non-empty value") }
    return text
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
