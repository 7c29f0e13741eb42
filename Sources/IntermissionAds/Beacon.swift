import IntermissionBasics
import IntermissionCore

/// A tracking report of one event, for an ad server to count: a viewable impression, a click or an
/// earned reward, sent as an HTTP GET to the ad's `impressionURL`, `clickURL` or `rewardURL`.
package struct Beacon: Hashable, Sendable {
  /// What happened.
  package enum Kind: String, Hashable, Sendable {
    case impression
    case click
    /// A rewarded ad's reward was earned: the URL carries `transaction`, `placement`, `type` and
    /// `amount`.
    case reward
    /// An OpenRTB win notice (`nurl`): the bought ad was first shown.
    case win
    /// An OpenRTB billing notice (`burl`): the bought ad's viewable impression.
    case billing
    /// An OpenRTB native event tracker, impression tracker or click tracker.
    case tracker
    /// An OpenRTB loss notice (`lurl`): a bid lost, was refused or expired.
    case loss
    /// A VAST tracker of a video ad: an Impression, Error, Tracking, ClickTracking or Viewable URL
    /// of its InLine ad or of one of its wrappers, its macros filled.
    case vast

    /// Whether the queue appends `nonce` and `ts` to its URL: only for the manifest's own tracking
    /// URLs (impression, click, reward), whose collector counts each event once by nonce. A
    /// buyer's URL (an OpenRTB notice or tracker, a VAST tracker) is requested exactly as it reads
    /// with its macros replaced: a signed one would break, and VAST has its own `[CACHEBUSTING]`.
    package var carriesNonce: Bool {
      switch self {
      case .impression, .click, .reward: true
      case .win, .billing, .tracker, .loss, .vast: false
      }
    }
  }

  /// What happened.
  package var kind: Kind
  /// The ad it happened to.
  package var adID: String
  /// Where it is reported, as the manifest or the buyer gave it (the queue appends `nonce` and `ts`
  /// when its kind `carriesNonce`).
  package var url: String
  /// How long, in seconds, it stays deliverable.
  package var lifetime: Double

  /// Creates a beacon.
  package init(kind: Kind, adID: String, url: String, lifetime: Double) {
    self.kind = kind
    self.adID = adID
    self.url = url
    self.lifetime = lifetime
  }

  /// The beacon of `kind` for `ad`, if the ad names a URL for it.
  package init?(_ kind: Kind, of ad: AdCreative) {
    let url: String?
    switch kind {
    case .impression: url = ad.impressionURL
    case .click: url = ad.clickURL
    case .reward, .win, .billing, .tracker, .loss, .vast: url = nil
    }
    guard let url else { return nil }
    self.init(kind: kind, adID: ad.id, url: url, lifetime: ad.beaconLifetime)
  }

  /// The reward beacon of `reward`, earned with `ad`, if the ad names a `rewardURL`: its query
  /// gains `transaction`, `placement`, `type` and `amount` (percent-encoded), before any fragment.
  package init?(reward: EarnedReward, of ad: AdCreative) {
    guard let url = ad.rewardURL else { return nil }
    let fields = [
      ("transaction", reward.transactionID), ("placement", reward.placement), ("type", reward.type),
      ("amount", String(reward.amount)),
    ]
    let query = fields.map { "\($0.0)=\(Beacon.percentEncoded($0.1))" }.joined(separator: "&")
    self.init(kind: .reward, adID: ad.id, url: Beacon.appendingQuery(query, to: url), lifetime: ad.beaconLifetime)
  }

  /// `url` with `query` (`name=value&...`) appended to its query, before any fragment.
  package static func appendingQuery(_ query: String, to url: String) -> String {
    let fragmentStart = url.firstIndex(of: "#") ?? url.endIndex
    let base = url[..<fragmentStart]
    let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
    return base + separator + query + url[fragmentStart...]
  }

  /// `text` with everything but RFC 3986's unreserved characters percent-encoded (UTF-8;
  /// `PercentEncoding.encoded(_:)`).
  package static func percentEncoded(_ text: String) -> String { PercentEncoding.encoded(text) }
}

/// What became of a beacon, for the trace: `beacon.sent`, `beacon.failed` or `beacon.dropped`.
/// `durable` is false for a beacon kept in memory because the queue could not be written (a full
/// disk): it is delivered all the same while the process lives, and traced with `"durable": false`.
/// `nonce` is the beacon's own (its event's key: a video's trackers share one ad id), traced as
/// `"nonce"`; empty for a beacon that never had one (not recorded).
package enum BeaconOutcome: Hashable, Sendable {
  /// The server answered with a 2xx status; the beacon left the queue.
  case sent(Beacon.Kind, adID: String, status: Int, durable: Bool = true, nonce: String = "")
  /// An attempt failed; the beacon stays queued for a later attempt.
  case failed(Beacon.Kind, adID: String, reason: String, attempts: Int, durable: Bool = true, nonce: String = "")
  /// The beacon left the queue undelivered: `expired` or `overflow` (the oldest beyond the cap).
  case dropped(Beacon.Kind, adID: String, reason: String, durable: Bool = true, nonce: String = "")
}

/// Delivers beacons durably: the overlay records each event before its trace line is written, and
/// drives delivery from its update, where outcomes are reported on the loop's thread.
package protocol BeaconDelivery: AnyObject {
  /// Stores `beacon` durably (it survives a crash from the moment this returns).
  /// - Throws: an error naming what failed (the queue could not be written).
  func record(_ beacon: Beacon) throws

  /// Starts or finishes delivery attempts at `hostTime`, and reports each outcome since the last
  /// update through `report`.
  func update(at hostTime: Double, report: (BeaconOutcome) -> Void)

  /// When delivery next has work to do, for a host that sleeps.
  var nextWakeTime: Double? { get }

  /// Told at the overlay's first update, before any load's result and so before any beacon: a
  /// delivery that must make its store may start now, off the loop. Nothing by default.
  func prepareToRecord()
}

extension BeaconDelivery {
  package func prepareToRecord() {}
}
