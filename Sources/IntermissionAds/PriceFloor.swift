/// A format's price floor: the lowest CPM (price per thousand impressions) a bought ad of that
/// format may clear at, in `currency`. The demand file's `floors` set them, and the game may change
/// them at run time (`AdOverlay.setFloor(_:for:)`); each request carries its format's.
public enum PriceFloor {
  /// The currency of every floor (`imp.bidfloorcur`).
  public static let currency = "USD"
  /// The highest floor accepted, a CPM: one higher is a mistake, that no bid would ever clear.
  public static let maximum = 1_000_000.0

  /// Whether `cpm` is a floor: finite, from 0 (none) to `maximum`.
  public static func isValid(_ cpm: Double) -> Bool { cpm.isFinite && cpm >= 0 && cpm <= maximum }
}
