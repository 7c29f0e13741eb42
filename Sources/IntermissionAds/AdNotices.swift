/// The reports a bought ad owes its buyer besides the manifest's own beacons, each fired once
/// through the durable beacon queue at its moment: when the ad is first shown (the win notice
/// `nurl`, and the event trackers of event 1), at its viewable impression (the billing notice
/// `burl`, the event trackers of event 2 and the legacy `imptrackers`), and at each click (the
/// `clicktrackers`); and, should it expire unshown, its loss notice with code 2.
package struct AdNotices: Hashable, Sendable {
  /// Fired when the ad is first shown.
  package var shown: [Beacon]
  /// Fired at the viewable impression.
  package var impression: [Beacon]
  /// Fired at each click.
  package var click: [Beacon]
  /// Fired when the ad expires before it was shown (its `lurl`, loss code 2).
  package var expired: [Beacon]

  /// Creates notices; none by default.
  package init(shown: [Beacon] = [], impression: [Beacon] = [], click: [Beacon] = [], expired: [Beacon] = []) {
    self.shown = shown
    self.impression = impression
    self.click = click
    self.expired = expired
  }
}
