import IntermissionAds
import IntermissionCore

/// The banner's reporting: whether the ad on it is viewable (`viewable.start`, `viewable.stop`),
/// its impression once per display, the impression and click beacons, each stored before its trace
/// line, and the beacon queue's delivery with every outcome traced.
///
/// The overlay tells it, every update, which ad is on the banner and what (if anything) keeps it
/// from view; it answers with the ad whose impression has just counted, for the delegate.
final class ImpressionTracker {
  /// Whether the banner's ad is viewable, and whether this display's impression counted.
  private(set) var viewability = Viewability()
  /// Where impressions and clicks of ads with tracking URLs are reported; nil reports none.
  var beacons: (any BeaconDelivery)?
  /// The ad whose viewability is being measured.
  private var viewedAd: AdCreative?
  /// Whether this display's ad was shown yet (its shown notices stored).
  private(set) var shownThisDisplay = false
  private let trace: Trace
  /// Fields that lead each of its viewability lines, before the ad's `id`: a full-screen ad's
  /// `format` and `placement`; none for the banner.
  private let context: [(key: String, value: TraceValue)]
  /// Who hears what each impression earned; nil tells nobody.
  var revenue: RevenueReporter?
  private let format: AdFormat
  private let placement: String?
  /// The beacons of the impression being counted, written with its revenue event; nil between.
  private var collected: [Beacon]?

  /// Creates a tracker that records to `trace` the impressions of ads shown as `format` at
  /// `placement` (nil for the banner): a full-screen ad's lead each of its lines with them.
  init(trace: Trace, format: AdFormat = .banner, placement: String? = nil) {
    self.trace = trace
    self.format = format
    self.placement = placement
    context = placement.map { [("format", .string(format.rawValue)), ("placement", .string($0))] } ?? []
  }

  /// Measures at `time`, with `ad` on the banner (read only when its viewability starts) and `obstruction` keeping it from view (nil when
  /// nothing does).
  /// - Returns: the ad whose impression counted now, if one did: its beacon is stored and its
  ///   `impression` traced already.
  func update(at time: Double, ad: @autoclosure () -> AdCreative?, obstruction: Viewability.Obstruction?)
    -> AdCreative?
  {
    switch viewability.update(at: time, obstruction: obstruction) {
    case nil: break
    case .started:
      // Read only now: a frame that changes nothing copies no ad.
      let ad = ad()
      viewedAd = ad
      if let ad { trace.emit(.viewableStart, fields: context + [("id", .string(ad.id))]) }
    case .stopped(let reason):
      if let viewedAd { traceViewableStop(viewedAd, reason) }
    case .impression:
      guard let viewedAd else { break }
      countImpression(of: viewedAd) { trace.emit(.impression, fields: context + [("id", .string(viewedAd.id))]) }
      return viewedAd
    }
    return nil
  }

  /// Counts the impression of `ad` now: its beacons (its own, its impression notices, and those
  /// `trackers` records, a video's Impression URLs) and its revenue event are stored first, in one
  /// transaction when the beacon delivery keeps the revenue too (`ImpressionLedger`); then
  /// `announce` traces the `impression`, then the revenue event is delivered, in that order.
  func countImpression(of ad: AdCreative, trackers: () -> Void = {}, announce: () -> Void) {
    collected = []
    recordBeacon(.impression, of: ad)
    trackers()
    let beacons = collected ?? []
    collected = nil
    let earned = revenue?.record(
      impressionOf: ad, format: format, placement: placement, with: beacons, delivery: self.beacons
    ) { $0.forEach(record) }
    if revenue == nil { beacons.forEach(record) }
    announce()
    if let earned { revenue?.deliver(earned) }
  }

  /// A new ad takes the banner: the display before it ends (`rotated`), and the new ad's impression
  /// is still to count.
  func beginDisplay() {
    shownThisDisplay = false
    if viewability.beginDisplay() != nil, let viewedAd { traceViewableStop(viewedAd, .rotated) }
  }

  /// Stores the beacon of `kind` for `ad`, if the ad has one and beacons are on, and the notices it
  /// owes its buyer at that moment (an impression's or a click's).
  func recordBeacon(_ kind: Beacon.Kind, of ad: AdCreative) {
    if let beacon = Beacon(kind, of: ad) { record(beacon) }
    switch kind {
    case .impression: ad.notices.impression.forEach(record)
    case .click: ad.notices.click.forEach(record)
    default: break
    }
  }

  /// The ad of this display is on screen: its shown notices are stored, once per display.
  func noteShown(_ ad: AdCreative) {
    guard !shownThisDisplay else { return }
    shownThisDisplay = true
    ad.notices.shown.forEach(record)
  }

  /// Stores `beacon`, if beacons are on (while an impression is counted, with its revenue event).
  func record(_ beacon: Beacon) {
    if collected != nil {
      collected?.append(beacon)
      return
    }
    guard let beacons else { return }
    do {
      try beacons.record(beacon)
    } catch {
      traceBeacon(.dropped(beacon.kind, adID: beacon.adID, reason: "not recorded: \(error)"))
    }
  }

  /// Drives the beacon queue's delivery at `time`, tracing each outcome.
  func deliverBeacons(at time: Double) {
    beacons?.update(at: time) { outcome in traceBeacon(outcome) }
  }

  /// When reporting next has work to do: an impression about to count, or a beacon batch.
  var nextWakeTime: Double? {
    switch (viewability.impressionTime, beacons?.nextWakeTime) {
    case (let impression?, let beacon?): min(impression, beacon)
    case (let impression, let beacon): impression ?? beacon
    }
  }

  private func traceViewableStop(_ ad: AdCreative, _ reason: Viewability.Obstruction) {
    trace.emit(.viewableStop, fields: context + [("id", .string(ad.id)), ("reason", .string(reason.rawValue))])
  }

  private func traceBeacon(_ outcome: BeaconOutcome) {
    let name: TraceEvent
    var fields: [(key: String, value: TraceValue)]
    let durable: Bool
    let nonce: String
    switch outcome {
    case .sent(let kind, let id, let status, let isDurable, let key):
      (name, durable, nonce) = (.beaconSent, isDurable, key)
      fields = [("kind", .string(kind.rawValue)), ("id", .string(id)), ("status", .int(status))]
    case .failed(let kind, let id, let reason, let attempts, let isDurable, let key):
      (name, durable, nonce) = (.beaconFailed, isDurable, key)
      fields = [
        ("kind", .string(kind.rawValue)), ("id", .string(id)), ("reason", .string(reason)),
        ("attempts", .int(attempts)),
      ]
    case .dropped(let kind, let id, let reason, let isDurable, let key):
      (name, durable, nonce) = (.beaconDropped, isDurable, key)
      fields = [("kind", .string(kind.rawValue)), ("id", .string(id)), ("reason", .string(reason))]
    }
    if !nonce.isEmpty { fields.append(("nonce", .string(nonce))) }
    if !durable { fields.append(("durable", .bool(false))) }
    trace.emit(name, fields: fields)
  }
}
