import IntermissionAds
import IntermissionCore

/// `intermission_set_floor`: a format's price floor, from the next request of that format on.
@_cdecl("intermission_set_floor")
public func intermissionSetFloor(_ handle: OpaquePointer?, _ format: UnsafePointer<CChar>?, _ cpm: Double) -> Int32 {
  switch live(handle) {
  case .success(let overlay):
    guard let format, let known = AdFormat(rawValue: String(cString: format)) else {
      return overlay.message.fail(
        ResultCode.invalidArgument, "format must be \"banner\", \"interstitial\" or \"rewarded\"")
    }
    guard overlay.overlay.setFloor(cpm, for: known) else {
      return overlay.message.fail(
        ResultCode.invalidArgument, "cpm is \(cpm): a floor is a CPM in USD from 0 to \(Int(PriceFloor.maximum))")
    }
    return overlay.message.succeed()
  case .failure(let error): return error.code
  }
}
