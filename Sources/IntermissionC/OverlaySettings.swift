import CIntermission
import IntermissionAds
import IntermissionBasics
import IntermissionConsent
import IntermissionCore
import IntermissionOverlay

/// What a C caller's `intermission_config` asks for, read and checked: every number in range,
/// every string copied.
struct OverlaySettings {
  /// The ad manifest; nil takes the installed sample ads.
  var manifestPath: String?
  /// The overlay's timing.
  var configuration = AdOverlay.Configuration()
  /// The trace file; nil writes none.
  var tracePath: String?
  /// A replay script to push into SDL's queue; nil for none.
  var scriptPath: String?
  /// The font; nil takes the system's.
  var fontPath: String?
  /// The caller's functions and their user pointer.
  var callbacks: OverlayCallbacks
  /// Certificate authorities trusted besides the system's (`ads_ca_path`).
  var adsCAPath: String?
  /// Seconds one HTTP transfer may take (`ads_timeout`).
  var adsTimeout = 10.0
  /// House ads for when the ad server cannot be reached (`fallback_manifest_path`).
  var fallbackManifestPath: String?
  /// Where beacons are queued: nil for the default location, "" for no beacons (`beacons_path`).
  var beaconsPath: String?
  /// Whether the game acknowledges rewards itself (`reward_manual_ack`).
  var acknowledgesRewardsManually = false
  /// The consent file (`consent_path`); nil runs no consent engine.
  var consentPath: String?
  /// Where the player is (`consent_geography`); nil: from the consent file, or unknown.
  var consentGeography: ConsentGeography?

  /// The sizes of `intermission_config` that callers may pass, oldest first: each version's header
  /// only appended fields (see CHANGELOG.md).
  static let knownSizes = [
    MemoryLayout<intermission_config>.offset(of: \intermission_config.ads_ca_path)!,  // 0.2
    MemoryLayout<intermission_config>.offset(of: \intermission_config.on_reward)!,  // 0.3
    // 0.4 before its text fields: what main's header was before `language` and `font_paths`.
    MemoryLayout<intermission_config>.offset(of: \intermission_config.language)!,
    MemoryLayout<intermission_config>.offset(of: \intermission_config.on_input)!,  // 0.4
    MemoryLayout<intermission_config>.offset(of: \intermission_config.consent_path)!,  // 0.5
    MemoryLayout<intermission_config>.size,  // 0.6
  ]

  /// Reads the configuration at `pointer`: a caller compiled against an older header passes its
  /// older size, and the fields it did not have take their defaults.
  /// - Throws: `CreateFailure` naming the field that is wrong and why.
  init(reading pointer: UnsafePointer<intermission_config>) throws {
    let expected = MemoryLayout<intermission_config>.size
    let size = UnsafeRawPointer(pointer).loadUnaligned(as: Int.self)
    guard OverlaySettings.knownSizes.contains(size) else {
      throw CreateFailure(
        size > expected
          ? "config.size is \(size): the caller's intermission.h is newer than this library (\(expected) bytes)"
          : "config.size is \(size), not a size this library knows (\(OverlaySettings.knownSizes.map(String.init).joined(separator: " or "))): fill the config with intermission_config_init"
      )
    }
    var config = intermission_config()
    intermission_config_init_size(&config, MemoryLayout<intermission_config>.size)
    // Only the caller's own bytes are read: an older caller's struct ends before the new fields.
    withUnsafeMutableBytes(of: &config) { $0.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: size)) }
    manifestPath = config.manifest_path.map { String(cString: $0) }
    tracePath = config.trace_path.map { String(cString: $0) }
    scriptPath = config.script_path.map { String(cString: $0) }
    fontPath = config.font_path.map { String(cString: $0) }
    if let tag = config.language.map({ String(cString: $0) }) {
      guard LanguageTag.isWellFormed(tag) || LanguageTag.fromLocale(tag) != nil else {
        throw CreateFailure(
          "config.language is \"\(PrintableText.escaping(tag, limit: 80))\", not a language tag (such as \"ja\", \"pt-BR\" or \"zh-Hant\")"
        )
      }
      configuration.language = tag
    }
    configuration.fonts = config.font_paths.map { String(cString: $0).split(separator: ":").map(String.init) } ?? []
    configuration.refreshInterval = try OverlaySettings.number(
      config.refresh_interval, "refresh_interval", in: 0.1...86400)
    configuration.latency = try OverlaySettings.number(config.latency, "latency", in: 0...3600)
    configuration.clickCooldown = try OverlaySettings.number(config.click_cooldown, "click_cooldown", in: 0...3600)
    configuration.waitsForDueLoads = config.deterministic != 0
    adsCAPath = config.ads_ca_path.map { String(cString: $0) }
    adsTimeout = try OverlaySettings.number(config.ads_timeout, "ads_timeout", in: 0.1...120)
    fallbackManifestPath = config.fallback_manifest_path.map { String(cString: $0) }
    beaconsPath = config.beacons_path.map { String(cString: $0) }
    acknowledgesRewardsManually = config.reward_manual_ack != 0
    configuration.pacing.sessionStartDelay = try OverlaySettings.number(
      config.interstitial_session_delay, "interstitial_session_delay", in: 0...86400)
    configuration.pacing.minimumInterval = try OverlaySettings.number(
      config.interstitial_interval, "interstitial_interval", in: 0...86400)
    guard (0...1000).contains(config.interstitials_per_hour) else {
      throw CreateFailure("config.interstitials_per_hour is \(config.interstitials_per_hour), outside 0...1000")
    }
    configuration.pacing.maximumPerHour = Int(config.interstitials_per_hour)
    configuration.fullscreenExpiry = try OverlaySettings.number(
      config.fullscreen_expiry, "fullscreen_expiry", in: 1...86400)
    consentPath = config.consent_path.map { String(cString: $0) }
    if let text = config.consent_geography.map({ String(cString: $0) }) {
      guard let geography = ConsentGeography(text) else {
        throw CreateFailure(
          "config.consent_geography is \"\(PrintableText.escaping(text, limit: 40))\", not eea, uk, ch, us- and a state's two letters, or other"
        )
      }
      consentGeography = geography
    }
    callbacks = OverlayCallbacks(
      pause: config.on_pause, resume: config.on_resume, event: config.on_event, reward: config.on_reward,
      input: config.on_input, user: config.user)
  }

  private static func number(_ value: Double, _ field: String, in range: ClosedRange<Double>) throws -> Double {
    guard value.isFinite, range.contains(value) else {
      throw CreateFailure(
        "config.\(field) is \(value), outside \(range.lowerBound.formatted)...\(range.upperBound.formatted) seconds")
    }
    return value
  }
}

extension Double {
  /// The number without a fraction when it is whole (`0.5`, `30`).
  fileprivate var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
