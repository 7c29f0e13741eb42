import IntermissionAds
import IntermissionTestSupport

extension BeaconOutcome {
  /// The beacon's nonce.
  var nonce: String {
    switch self {
    case .sent(_, _, _, _, let nonce), .failed(_, _, _, _, _, let nonce), .dropped(_, _, _, _, let nonce): nonce
    }
  }

  /// The outcome without its nonce (a fresh UUID), to compare with an expected one.
  var withoutNonce: BeaconOutcome {
    switch self {
    case .sent(let kind, let id, let status, let durable, _):
      .sent(kind, adID: id, status: status, durable: durable)
    case .failed(let kind, let id, let reason, let attempts, let durable, _):
      .failed(kind, adID: id, reason: reason, attempts: attempts, durable: durable)
    case .dropped(let kind, let id, let reason, let durable, _):
      .dropped(kind, adID: id, reason: reason, durable: durable)
    }
  }
}
