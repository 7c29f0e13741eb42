// The C functions of intermission.h, each a thin shell: find the overlay by handle, check the
// thread, check the arguments, then call Swift. Nothing here may trap: every pointer is checked,
// every number is checked before it is converted.
import CIntermission
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOverlay
import IntermissionSDL

/// What `intermission_errmsg` says of a handle that is not a live overlay.
private let invalidHandleMessage: StaticString = "not a live overlay (NULL, destroyed, or never created)"
/// What it says of a call from another thread.
private let wrongThreadMessage: StaticString = "called from a thread other than the one that created the overlay"

/// The live overlay with `handle`, or the error code to return: invalid handle or wrong thread.
func live(_ handle: OpaquePointer?) -> Result<EmbeddedOverlay, CallError> {
  guard let overlay = OverlayHandles.shared.overlay(handle) else {
    return .failure(CallError(ResultCode.invalidHandle))
  }
  guard overlay.isOnOwnThread else { return .failure(CallError(ResultCode.wrongThread)) }
  return .success(overlay)
}

/// A result code as an error.
struct CallError: Error {
  let code: Int32
  init(_ code: Int32) { self.code = code }
}

@_cdecl("intermission_create")
public func intermissionCreate(
  _ renderer: OpaquePointer?, _ config: UnsafePointer<intermission_config>?, _ error: UnsafeMutablePointer<CChar>?,
  _ errorSize: Int
) -> OpaquePointer? {
  do {
    guard let renderer else { throw CreateFailure("renderer is NULL") }
    guard let config else { throw CreateFailure("config is NULL (fill one with intermission_config_init)") }
    let overlay = try EmbeddedOverlay(renderer: renderer, settings: OverlaySettings(reading: config))
    return OverlayHandles.shared.register(overlay)
  } catch let failure {
    CString.copy("\(failure)", into: error, capacity: errorSize)
    return nil
  }
}

@_cdecl("intermission_destroy")
public func intermissionDestroy(_ handle: OpaquePointer?) {
  guard case .success = live(handle), let overlay = OverlayHandles.shared.remove(handle) else { return }
  overlay.close()
}

@_cdecl("intermission_update")
public func intermissionUpdate(_ handle: OpaquePointer?, _ hostTime: Double) -> Int32 {
  switch live(handle) {
  case .success(let overlay): overlay.update(hostTime: hostTime)
  case .failure(let error): error.code
  }
}

@_cdecl("intermission_handle_event")
public func intermissionHandleEvent(_ handle: OpaquePointer?, _ event: UnsafeRawPointer?) -> Int32 {
  guard case .success(let overlay) = live(handle), let event else { return 0 }
  return overlay.handle(event.loadUnaligned(as: SDL_Event.self)) ? 1 : 0
}

@_cdecl("intermission_draw")
public func intermissionDraw(_ handle: OpaquePointer?) -> Int32 {
  switch live(handle) {
  case .success(let overlay): overlay.draw()
  case .failure(let error): error.code
  }
}

@_cdecl("intermission_bottom_inset")
public func intermissionBottomInset(_ handle: OpaquePointer?) -> Double {
  guard case .success(let overlay) = live(handle) else { return 0 }
  return overlay.overlay.bottomInset
}

@_cdecl("intermission_banner_visible")
public func intermissionBannerVisible(_ handle: OpaquePointer?) -> Int32 {
  guard case .success(let overlay) = live(handle) else { return 0 }
  return overlay.overlay.isBannerAllowed && overlay.overlay.banner.isOnScreen ? 1 : 0
}

@_cdecl("intermission_set_banner_allowed")
public func intermissionSetBannerAllowed(_ handle: OpaquePointer?, _ allowed: Int32) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    overlay.overlay.isBannerAllowed = allowed != 0
    return overlay.message.succeed()
  case .failure(let error): return error.code
  }
}

@_cdecl("intermission_hold")
public func intermissionHold(_ handle: OpaquePointer?, _ reason: UnsafePointer<CChar>?) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    guard let holder = PauseReason.holder(named: reason), !PauseReason.isOverlays(holder) else {
      return overlay.message.fail(ResultCode.unknownReason, unknownReason(reason))
    }
    return overlay.hold(holder)
  case .failure(let error): return error.code
  }
}

@_cdecl("intermission_release")
public func intermissionRelease(_ handle: OpaquePointer?, _ reason: UnsafePointer<CChar>?) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    guard let holder = PauseReason.holder(named: reason), !PauseReason.isOverlays(holder) else {
      return overlay.message.fail(ResultCode.unknownReason, unknownReason(reason))
    }
    return overlay.release(holder)
  case .failure(let error): return error.code
  }
}

@_cdecl("intermission_is_held")
public func intermissionIsHeld(_ handle: OpaquePointer?, _ reason: UnsafePointer<CChar>?) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    guard let holder = PauseReason.holder(named: reason) else {
      return overlay.message.fail(ResultCode.unknownReason, unknownReason(reason))
    }
    _ = overlay.message.succeed()
    return overlay.gate.isHeld(by: holder) ? 1 : 0
  case .failure(let error): return error.code
  }
}

@_cdecl("intermission_is_running")
public func intermissionIsRunning(_ handle: OpaquePointer?) -> Int32 {
  switch live(handle) {
  case .success(let overlay): overlay.gate.isRunning ? 1 : 0
  case .failure(let error): error.code
  }
}

@_cdecl("intermission_errmsg")
public func intermissionErrmsg(_ handle: OpaquePointer?) -> UnsafePointer<CChar> {
  switch live(handle) {
  case .success(let overlay): return UnsafePointer(overlay.message.cString)
  case .failure(let error):
    let text = error.code == ResultCode.wrongThread ? wrongThreadMessage : invalidHandleMessage
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
  }
}

/// Why `reason` is refused, for `intermission_errmsg`.
private func unknownReason(_ reason: UnsafePointer<CChar>?) -> String {
  guard let reason else { return "reason is NULL" }
  let name = PrintableText.escaping(String(cString: reason), limit: 40)
  return name == "ad" || name == "consent"
    ? "'\(name)' is the overlay's own reason: the game may not hold or release it"
    : "'\(name)' is not a pause reason (user, window, or 1 to 32 of A-Z a-z 0-9 . _ -)"
}

// MARK: - Full-screen ads (0.4)

/// The C string at `pointer` if it is a name a game may give: 1 to 64 printable characters.
private func placementName(_ pointer: UnsafePointer<CChar>?) -> String? {
  guard let pointer, strnlen(pointer, 65) <= 64 else { return nil }
  let name = String(cString: pointer)
  guard !name.isEmpty, !PrintableText.containsControl(name) else { return nil }
  return name
}

@_cdecl("intermission_fullscreen_ready")
public func intermissionFullscreenReady(_ handle: OpaquePointer?, _ format: UnsafePointer<CChar>?) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    guard let format, let known = AdFormat(rawValue: String(cString: format)), known != .banner else {
      return overlay.message.fail(ResultCode.invalidArgument, "format must be \"interstitial\" or \"rewarded\"")
    }
    _ = overlay.message.succeed()
    return overlay.overlay.fullscreen.isReady(known) ? 1 : 0
  case .failure(let error): return error.code
  }
}

@_cdecl("intermission_show_interstitial")
public func intermissionShowInterstitial(_ handle: OpaquePointer?, _ placement: UnsafePointer<CChar>?) -> Int32 {
  show(.interstitial, handle, placement)
}

@_cdecl("intermission_show_rewarded")
public func intermissionShowRewarded(_ handle: OpaquePointer?, _ placement: UnsafePointer<CChar>?) -> Int32 {
  show(.rewarded, handle, placement)
}

private func show(_ format: AdFormat, _ handle: OpaquePointer?, _ placement: UnsafePointer<CChar>?) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    guard let name = placementName(placement) else {
      return overlay.message.fail(ResultCode.invalidArgument, "placement must be 1 to 64 printable characters")
    }
    return overlay.show(format, placement: name)
  case .failure(let error): return error.code
  }
}

@_cdecl("intermission_ack_reward")
public func intermissionAckReward(_ handle: OpaquePointer?, _ transactionID: UnsafePointer<CChar>?) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    guard let transactionID, strnlen(transactionID, 65) <= 64 else {
      return overlay.message.fail(ResultCode.invalidArgument, "transaction_id is NULL or too long")
    }
    let id = String(cString: transactionID)
    guard overlay.overlay.fullscreen.acknowledgeReward(transactionID: id) else {
      return overlay.message.fail(
        ResultCode.unknownTransaction,
        "no pending reward has transaction id '\(PrintableText.escaping(id, limit: 64))'")
    }
    return overlay.message.succeed()
  case .failure(let error): return error.code
  }
}

@_cdecl("intermission_set_rewarded_cap")
public func intermissionSetRewardedCap(
  _ handle: OpaquePointer?, _ placement: UnsafePointer<CChar>?, _ perHour: Int32
) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    guard let name = placementName(placement) else {
      return overlay.message.fail(ResultCode.invalidArgument, "placement must be 1 to 64 printable characters")
    }
    guard perHour <= 1000 else {
      return overlay.message.fail(ResultCode.invalidArgument, "per_hour is \(perHour), over 1000")
    }
    overlay.overlay.fullscreen.setRewardedCap(perHour < 0 ? nil : Int(perHour), placement: name)
    return overlay.message.succeed()
  case .failure(let error): return error.code
  }
}

@_cdecl("intermission_set_consent")
public func intermissionSetConsent(
  _ handle: OpaquePointer?, _ gdpr: Int32, _ tcf: UnsafePointer<CChar>?, _ usPrivacy: UnsafePointer<CChar>?,
  _ gpp: UnsafePointer<CChar>?, _ gppSid: UnsafePointer<CChar>?
) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    func text(_ pointer: UnsafePointer<CChar>?) -> String? {
      pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strnlen($0, 10_001)), as: UTF8.self) }
    }
    do {
      let signals = try ConsentSignals.checked(
        gdpr: Int(gdpr), tcf: text(tcf), usPrivacy: text(usPrivacy), gpp: text(gpp), gppSid: text(gppSid))
      guard overlay.overlay.setConsent(signals) else {
        return overlay.message.fail(ResultCode.invalidArgument, AdOverlay.engineRunsReason)
      }
      return overlay.message.succeed()
    } catch {
      if error.isUndecodable {
        overlay.overlay.trace.emit(.consentRefused, fields: [("reason", .string(error.description))])
      }
      return overlay.message.fail(ResultCode.invalidArgument, error.description)
    }
  case .failure(let error): return error.code
  }
}

@_cdecl("intermission_set_string")
public func intermissionSetString(
  _ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ text: UnsafePointer<CChar>?
) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    guard let key, let text else { return overlay.message.fail(ResultCode.invalidArgument, "the key or text is NULL") }
    let length = strnlen(text, 1001)
    guard length > 0, length <= 1000 else {
      return overlay.message.fail(ResultCode.invalidArgument, "the text is empty or over 1000 bytes")
    }
    guard let value = String(validating: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self),
      !PrintableText.containsControl(value)
    else {
      return overlay.message.fail(ResultCode.invalidArgument, "the text is not UTF-8, or holds a control character")
    }
    let name = String(decoding: UnsafeRawBufferPointer(start: key, count: strnlen(key, 100)), as: UTF8.self)
    guard overlay.overlay.setString(value, for: name) else {
      return overlay.message.fail(ResultCode.unknownKey, "\"\(PrintableText.escaping(name))\" is not a string's key")
    }
    return overlay.message.succeed()
  case .failure(let error): return error.code
  }
}
