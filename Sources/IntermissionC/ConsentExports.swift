import CIntermission
import IntermissionConsent

/// `intermission_consent_status`: the engine's status, the same numbers as `ConsentStatus`; with
/// no consent engine, no decision is needed.
@_cdecl("intermission_consent_status")
public func intermissionConsentStatus(_ handle: OpaquePointer?) -> Int32 {
  switch live(handle) {
  case .success(let overlay): Int32((overlay.consentEngine?.status ?? .notRequired).rawValue)
  case .failure(let error): error.code
  }
}

/// `intermission_can_request_ads`: 1 when ad requests may go out now, as UMP's `canRequestAds`.
@_cdecl("intermission_can_request_ads")
public func intermissionCanRequestAds(_ handle: OpaquePointer?) -> Int32 {
  switch live(handle) {
  case .success(let overlay): overlay.consentEngine?.canRequestAds == false ? 0 : 1
  case .failure(let error): error.code
  }
}

/// `intermission_consent_value`: an in-app key's value in force, kept alive until the next call.
@_cdecl("intermission_consent_value")
public func intermissionConsentValue(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
  guard case .success(let overlay) = live(handle), let key,
    let value = overlay.consentEngine?.value(forKey: String(cString: key))
  else { return nil }
  overlay.consentValue = Array(value.utf8CString)
  return overlay.consentValue.withUnsafeBufferPointer { $0.baseAddress }
}

/// `intermission_show_privacy_options`: opens the consent form again (or a US player's opt-outs)
/// at the next `intermission_update`.
@_cdecl("intermission_show_privacy_options")
public func intermissionShowPrivacyOptions(_ handle: OpaquePointer?) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    guard overlay.consentEngine != nil else {
      return overlay.message.fail(ResultCode.invalidArgument, "no consent engine: config.consent_path is NULL")
    }
    if overlay.overlay.showPrivacyOptions() { return overlay.message.succeed() }
    if overlay.overlay.privacyOptionsRefusal == "alreadyShowing" {
      return overlay.message.fail(Int32(INTERMISSION_REFUSED_ALREADY_SHOWING), "alreadyShowing")
    }
    return overlay.message.fail(Int32(INTERMISSION_REFUSED_NOT_READY), "notReady")
  case .failure(let error): return error.code
  }
}

/// `intermission_reset_consent`: forgets the stored decision; a GDPR player is asked again.
@_cdecl("intermission_reset_consent")
public func intermissionResetConsent(_ handle: OpaquePointer?) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    guard let engine = overlay.consentEngine else {
      return overlay.message.fail(ResultCode.invalidArgument, "no consent engine: config.consent_path is NULL")
    }
    engine.reset()
    return overlay.message.succeed()
  case .failure(let error): return error.code
  }
}
