import IntermissionBasics
import IntermissionCore

/// Counts a trace's records into `RunReport` rows, one record at a time.
struct RunTally {
  private struct Key: Hashable {
    var format: String
    var placement: String?
  }
  private var order: [Key] = []
  private var counts: [Key: RunReport.Row] = [:]
  private(set) var bidRefusals: [String: Int] = [:]
  private(set) var pendingRevenueEvents = 0
  private(set) var pendingRevenue: [String: Micros] = [:]
  private(set) var revenueNotCounted: [String: Int] = [:]
  private var sent = 0
  private var failed = 0
  private var dropped = 0
  /// Each beacon's last outcome, by its nonce (by kind and ad id in a trace without nonces):
  /// whether it failed.
  private var lastFailed: [String: Bool] = [:]

  mutating func read(_ record: TraceLog.Record) {
    let format = record["format"] ?? "banner"
    let placement = record["placement"]
    switch record.traceEvent {
    case .adLoaded:
      // A format's row counts requests and fills (a placement's row has neither).
      update(format, nil) {
        $0.requests? += 1
        $0.fills? += 1
      }
      if record["format"] == nil { update(format, nil) { $0.shows += 1 } }
    case .adFailed:
      update(format, nil) {
        $0.requests? += 1
        $0.failures[record["reason"] ?? "unknown", default: 0] += 1
      }
    case .fullscreenShown: each(format, placement) { $0.shows += 1 }
    case .impression: each(format, placement) { $0.impressions += 1 }
    case .bannerClicked, .fullscreenClicked: each(format, placement) { $0.clicks += 1 }
    case .fullscreenRefused: each(format, placement) { $0.refusals[record["reason"] ?? "unknown", default: 0] += 1 }
    case .fullscreenFailed: each(format, placement) { $0.failures[record["reason"] ?? "unknown", default: 0] += 1 }
    case .vastError: update(format, nil) { $0.vastErrors[record["code"] ?? "?", default: 0] += 1 }
    case .adRevenue:
      let isPending = record["pending"] == "true"
      if isPending { pendingRevenueEvents += 1 }
      guard let amount = record["revenue"].flatMap({ Micros(decimal: $0) }), let currency = record["currency"] else {
        revenueNotCounted[RunReport.unreadable, default: 0] += 1
        if !isPending { each(format, placement) { $0.uncountedRevenue += 1 } }
        return
      }
      if isPending {
        guard let sum = (pendingRevenue[currency] ?? .zero) + amount else {
          revenueNotCounted[RunReport.pastLargestTotal, default: 0] += 1
          return
        }
        pendingRevenue[currency] = sum
        return
      }
      var overflowed = false
      // A sum past `Int64` keeps the total it had and says so: never a reset, never a trap.
      each(format, placement) {
        if let sum = ($0.revenue[currency] ?? .zero) + amount {
          $0.revenue[currency] = sum
        } else {
          $0.uncountedRevenue += 1
          overflowed = true
        }
      }
      if overflowed { revenueNotCounted[RunReport.pastLargestTotal, default: 0] += 1 }
    case .bidRefused: bidRefusals[record["reason"] ?? "unknown", default: 0] += 1
    case .beaconSent, .beaconFailed, .beaconDropped:
      let beacon = record["nonce"] ?? ((record["kind"] ?? "") + " " + (record["id"] ?? ""))
      lastFailed[beacon] = record.traceEvent == .beaconFailed
      switch record.traceEvent {
      case .beaconSent: sent += 1
      case .beaconFailed: failed += 1
      default: dropped += 1
      }
    default: break
    }
  }

  /// The rows: each format's, then its placements', in the order they first appeared.
  func rows() -> [RunReport.Row] {
    let formats = order.filter { $0.placement == nil }
    return formats.flatMap { format in
      ([format] + order.filter { $0.format == format.format && $0.placement != nil }).compactMap { counts[$0] }
    }
  }

  func beacons() -> RunReport.Beacons {
    RunReport.Beacons(sent: sent, failed: failed, pending: lastFailed.values.filter { $0 }.count, dropped: dropped)
  }

  /// Counts a show's record on its format's row and on its placement's.
  private mutating func each(_ format: String, _ placement: String?, _ change: (inout RunReport.Row) -> Void) {
    update(format, nil, change)
    if placement != nil { update(format, placement, change) }
  }

  private mutating func update(_ format: String, _ placement: String?, _ change: (inout RunReport.Row) -> Void) {
    let key = Key(format: format, placement: placement)
    if counts[key] == nil {
      if placement != nil, counts[Key(format: format, placement: nil)] == nil { update(format, nil) { _ in } }
      order.append(key)
    }
    let empty = RunReport.Row(
      format: format, placement: placement, requests: placement == nil ? 0 : nil, fills: placement == nil ? 0 : nil)
    change(&counts[key, default: empty])
  }
}
