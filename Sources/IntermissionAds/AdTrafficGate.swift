/// Whether ad traffic may leave the process now: closed, where a consent engine runs, until a
/// player in a GDPR region has decided. Every request of an ad stack's HTTP client (bid requests,
/// remote manifests, creatives, VAST, media, beacons) passes it; loads that are due wait
/// (`ad.deferred`) and beacons stay queued while it is closed.
package final class AdTrafficGate: Sendable {
  private let check: @Sendable () -> Bool

  /// A gate that is open whenever `isOpen` says so (read from any thread, on every request).
  package init(_ isOpen: @escaping @Sendable () -> Bool) {
    check = isOpen
  }

  /// A gate that is always open: no consent engine runs.
  package static let open = AdTrafficGate { true }

  /// Whether ad traffic may leave now.
  package var isOpen: Bool { check() }
}
