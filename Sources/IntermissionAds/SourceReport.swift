/// What an ad source has to tell besides its loads, taken on the game's thread
/// (`AdSource.takeReports()`): a notice for the durable beacon queue, or a bid it refused, for the
/// trace (`bid.refused`).
package enum SourceReport: Hashable, Sendable {
  /// A notice owed to a buyer that no shown ad carries: an auction's loss notice.
  case notice(Beacon)
  /// A bid that was refused, and why; its loss notice (code 3) comes as a `notice`.
  case bidRefused(id: String, reason: String)
}
