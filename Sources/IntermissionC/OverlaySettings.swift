import CIntermission
import IntermissionAds
import IntermissionCore

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

  /// Reads the configuration at `pointer`.
  /// - Throws: `CreateFailure` naming the field that is wrong and why.
  init(reading pointer: UnsafePointer<intermission_config>) throws {
    let expected = MemoryLayout<intermission_config>.size
    let size = UnsafeRawPointer(pointer).loadUnaligned(as: Int.self)
    guard size == expected else {
      throw CreateFailure(
        size > expected
          ? "config.size is \(size): the caller's intermission.h is newer than this library (\(expected) bytes)"
          : "config.size is \(size), not a size this library knows (\(expected)): fill the config with intermission_config_init"
      )
    }
    let config = pointer.pointee
    manifestPath = config.manifest_path.map { String(cString: $0) }
    tracePath = config.trace_path.map { String(cString: $0) }
    scriptPath = config.script_path.map { String(cString: $0) }
    fontPath = config.font_path.map { String(cString: $0) }
    configuration.refreshInterval = try OverlaySettings.number(
      config.refresh_interval, "refresh_interval", in: 0.1...86400)
    configuration.latency = try OverlaySettings.number(config.latency, "latency", in: 0...3600)
    configuration.clickCooldown = try OverlaySettings.number(config.click_cooldown, "click_cooldown", in: 0...3600)
    configuration.waitsForDueLoads = config.deterministic != 0
    callbacks = OverlayCallbacks(
      pause: config.on_pause, resume: config.on_resume, event: config.on_event, user: config.user)
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
